/// The blocks that contain no other blocks: fenced code, comments, headings, breaks and tables.
extension MarkdownBlockParser {
    // MARK: Fenced code

    struct Fence {
        var indent: Int
        var marker: Character
        var length: Int
        var info: String
    }

    static func fenceOpening(_ line: SourceLine) -> Fence? {
        guard let (indent, marker) = line.blockMarker, marker == "`" || marker == "~" else { return nil }
        let run = line.content.prefix { $0 == marker }
        guard run.count >= 3 else { return nil }
        let info = line.content.dropFirst(run.count).strippingSpacesAndTabs()
        // A backtick in the info string means this is inline code at the start of a paragraph.
        if marker == "`", info.contains("`") { return nil }
        return Fence(indent: indent, marker: marker, length: run.count, info: info)
    }

    static func isFenceClosing(_ line: SourceLine, for fence: Fence) -> Bool {
        guard line.mayOpenBlock else { return false }
        let run = line.content.prefix { $0 == fence.marker }
        return run.count >= fence.length
            && line.content.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" }
    }

    static func fence(_ lines: Lines, at start: Int) -> Match? {
        guard let fence = fenceOpening(lines[start]) else { return nil }
        var content: [String] = []
        var index = start + 1
        while index < lines.endIndex, !isFenceClosing(lines[index], for: fence) {
            content.append(lines[index].removingIndentation(fence.indent).text)
            index += 1
        }
        // An unclosed fence runs to the end of its container, as in CommonMark.
        let next = min(index + 1, lines.endIndex)
        let words = fence.info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let block = CodeBlock(
            language: words.first ?? "",
            attributes: Array(words.dropFirst()),
            code: content.isEmpty ? "" : content.joined(separator: "\n") + "\n",
            line: lines[start].number
        )
        return (.code(block), next)
    }

    // MARK: HTML comments

    static func isCommentStart(_ line: SourceLine) -> Bool {
        line.mayOpenBlock && line.content.hasPrefix("<!--")
    }

    static func comment(_ lines: Lines, at start: Int) -> Match? {
        guard isCommentStart(lines[start]) else { return nil }
        var text = String(lines[start].content.dropFirst(4))
        var index = start
        while text.firstRange(of: "-->") == nil, index + 1 < lines.endIndex {
            index += 1
            text += "\n" + lines[index].text
        }
        if let close = text.firstRange(of: "-->") {
            text = String(text[..<close.lowerBound])
        }
        return (.comment(text.strippingSpacesAndTabs()), index + 1)
    }

    // MARK: Headings and thematic breaks

    /// The level and raw content of an ATX heading line.
    static func headingParts(_ line: SourceLine) -> (level: Int, content: String)? {
        guard line.mayOpenBlock else { return nil }
        let hashes = line.content.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = line.content.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var content = rest.strippingSpacesAndTabs()
        // An optional closing sequence of `#`s, after a space, is not part of the text.
        let closing = content.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let before = content.dropLast(closing)
            if before.isEmpty || before.hasSuffix(" ") || before.hasSuffix("\t") {
                content = before.strippingSpacesAndTabs()
            }
        }
        return (hashes.count, content)
    }

    static func heading(_ lines: Lines, at start: Int) -> Match? {
        guard let (level, content) = headingParts(lines[start]) else { return nil }
        let inlines = MarkdownInlineParser.parse(content)
        let text = inlines.plainText
        let heading = Heading(level: level, text: text, slug: Heading.slug(for: text), line: lines[start].number)
        return (.heading(heading, inlines), start + 1)
    }

    static func isThematicBreak(_ line: SourceLine) -> Bool {
        guard let (_, marker) = line.blockMarker, "-*_".contains(marker) else { return false }
        var count = 0
        for character in line.content {
            if character == marker {
                count += 1
            } else if character != " " && character != "\t" {
                return false
            }
        }
        return count >= 3
    }

    static func thematicBreak(_ lines: Lines, at start: Int) -> Match? {
        isThematicBreak(lines[start]) ? (.thematicBreak, start + 1) : nil
    }

    // MARK: Tables

    /// The cells of a table row: split on unescaped `|`, the outer pipes optional, `\|` kept as `|`.
    static func tableCells(_ text: some StringProtocol) -> [String] {
        var row = text.strippingSpacesAndTabs()
        if row.hasPrefix("|") { row.removeFirst() }
        if row.hasSuffix("|"), !row.hasSuffix("\\|") { row.removeLast() }
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in row {
            if escaped {
                cell += character == "|" ? "|" : "\\" + String(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(cell.strippingSpacesAndTabs())
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if escaped { cell += "\\" }
        cells.append(cell.strippingSpacesAndTabs())
        return cells
    }

    /// The alignments of a separator row such as `|:---|:--:|---:|`, or `nil` if it is not one.
    static func separatorAlignments(_ line: SourceLine) -> [MarkdownTable.Alignment]? {
        guard line.mayOpenBlock, line.content.contains("|") else { return nil }
        var alignments: [MarkdownTable.Alignment] = []
        for cell in tableCells(line.content) {
            let left = cell.hasPrefix(":")
            let right = cell.hasSuffix(":") && cell.count > 1
            let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            switch (left, right) {
            case (true, true): alignments.append(.center)
            case (true, false): alignments.append(.left)
            case (false, true): alignments.append(.right)
            case (false, false): alignments.append(.none)
            }
        }
        return alignments
    }

    static func isTableStart(_ lines: Lines, at index: Int) -> Bool {
        let header = lines[index]
        guard index + 1 < lines.endIndex, header.mayOpenBlock, header.content.contains("|"),
            let alignments = separatorAlignments(lines[index + 1])
        else { return false }
        return alignments.count == tableCells(header.content).count
    }

    static func table(_ lines: Lines, at start: Int) -> Match? {
        guard isTableStart(lines, at: start), let alignments = separatorAlignments(lines[start + 1]) else { return nil }
        let width = alignments.count
        func cells(_ line: SourceLine) -> [[MarkdownInline]] {
            var texts = tableCells(line.content).prefix(width).map { $0 }
            texts += Array(repeating: "", count: width - texts.count)
            return texts.map { MarkdownInlineParser.parse($0) }
        }
        var rows: [[[MarkdownInline]]] = []
        var index = start + 2
        while index < lines.endIndex, !interrupts(lines, at: index) {
            rows.append(cells(lines[index]))
            index += 1
        }
        let table = MarkdownTable(alignments: alignments, header: cells(lines[start]), rows: rows)
        return (.table(table), index)
    }
}
