/// Turns lines of Markdown into blocks, a simplified CommonMark: containers (lists, quotes) strip
/// their prefixes and parse what is left recursively, which is what makes nesting work.
enum MarkdownBlockParser {
    typealias Lines = ArraySlice<SourceLine>
    typealias Match = (block: MarkdownBlock, next: Int)

    static func parse(_ lines: Lines) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            if lines[index].isBlank {
                index += 1
                continue
            }
            let match =
                fence(lines, at: index)
                ?? comment(lines, at: index)
                ?? heading(lines, at: index)
                ?? thematicBreak(lines, at: index)
                ?? quote(lines, at: index)
                ?? table(lines, at: index)
                ?? list(lines, at: index)
                ?? paragraph(lines, at: index)
            blocks.append(match.block)
            index = match.next
        }
        return blocks
    }

    /// Whether the line at `index` starts a block that ends a paragraph before it.
    static func interrupts(_ lines: Lines, at index: Int) -> Bool {
        let line = lines[index]
        if line.isBlank || startsLeafBlock(line) || quoteContent(line) != nil || isTableStart(lines, at: index) {
            return true
        }
        // As in CommonMark, only a numbered list starting at 1 interrupts a paragraph, so that a
        // wrapped sentence whose line starts with "2024." stays one paragraph.
        guard let marker = listMarker(line), marker.hasContent else { return false }
        return !marker.ordered || marker.number == 1
    }

    /// Whether the line is part of a paragraph, so that a lazy continuation line may follow it.
    static func isParagraphText(_ line: SourceLine) -> Bool {
        !line.isBlank && !startsLeafBlock(line)
    }

    private static func startsLeafBlock(_ line: SourceLine) -> Bool {
        fenceOpening(line) != nil || headingParts(line) != nil || isThematicBreak(line) || isCommentStart(line)
    }

    // MARK: Paragraphs

    private static func paragraph(_ lines: Lines, at start: Int) -> Match {
        var end = start + 1
        while end < lines.endIndex, !interrupts(lines, at: end) {
            end += 1
        }
        var text = ""
        for index in start..<end {
            let content = lines[index].content
            let trimmed = content.strippingTrailingSpacesAndTabs()
            guard index < end - 1 else {
                text += trimmed
                break
            }
            // A line ending with two spaces or a backslash ends with a hard break ("\n"); other line
            // ends are soft and read as a space.
            if trimmed.hasSuffix("\\") {
                text += trimmed.dropLast() + "\n"
            } else if content.hasSuffix("  ") {
                text += trimmed + "\n"
            } else {
                text += trimmed + " "
            }
        }
        return (.paragraph(MarkdownInlineParser.parse(text)), end)
    }

    // MARK: Block quotes

    /// The line without its `>` marker (and one space after it), or `nil` if it is not quoted.
    static func quoteContent(_ line: SourceLine) -> SourceLine? {
        guard line.blockMarker?.first == ">" else { return nil }
        var rest = line.content.dropFirst()
        if rest.first == " " { rest = rest.dropFirst() }
        return SourceLine(text: String(rest), number: line.number)
    }

    private static func quote(_ lines: Lines, at start: Int) -> Match? {
        guard quoteContent(lines[start]) != nil else { return nil }
        var inner: [SourceLine] = []
        var index = start
        var lazyAllowed = false
        while index < lines.endIndex {
            let line = lines[index]
            if let content = quoteContent(line) {
                inner.append(content)
                lazyAllowed = isParagraphText(content)
            } else if lazyAllowed, !interrupts(lines, at: index) {
                inner.append(line.trimmingIndentation())
            } else {
                break
            }
            index += 1
        }
        return (.quote(parse(inner[...])), index)
    }

    // MARK: Lists

    struct ListMarker {
        var ordered: Bool
        /// The bullet character or the delimiter after the number: items of one list share it.
        var delimiter: Character
        var number: Int
        /// The column where the item's content starts; continuation lines are indented to it.
        var contentIndent: Int
        var hasContent: Bool
        /// The first line with the marker replaced by spaces, so that it strips like the others.
        var blankedLine: SourceLine
    }

    static func listMarker(_ line: SourceLine) -> ListMarker? {
        guard let (indent, first) = line.blockMarker else { return nil }
        var rest = line.content
        var ordered = false
        var number = 1
        let delimiter: Character
        if first == "-" || first == "*" || first == "+" {
            delimiter = first
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count), let value = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let next = rest.first, next == "." || next == ")" else { return nil }
            ordered = true
            number = value
            delimiter = next
            rest = rest.dropFirst()
        }
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        let markerWidth = line.content.count - rest.count
        let blanked = SourceLine(text: String(repeating: " ", count: indent + markerWidth) + rest, number: line.number)
        let hasContent = !rest.allSatisfy { $0 == " " || $0 == "\t" }
        let spaces = blanked.indentation - indent - markerWidth
        // Content indented by five or more columns would be indented code in CommonMark: the item's
        // indentation is then the marker plus one space, and the rest stays part of the content.
        let contentIndent = indent + markerWidth + (hasContent && spaces <= 4 ? spaces : 1)
        return ListMarker(
            ordered: ordered, delimiter: delimiter, number: number,
            contentIndent: contentIndent, hasContent: hasContent, blankedLine: blanked
        )
    }

    private static func list(_ lines: Lines, at start: Int) -> Match? {
        guard var marker = listMarker(lines[start]) else { return nil }
        let first = marker
        var items: [[MarkdownBlock]] = []
        var index = start
        while true {
            let (itemLines, next) = listItem(lines, at: index, marker: marker)
            items.append(parse(itemLines[...]))
            index = next
            guard index < lines.endIndex, isSibling(lines[index], of: first), let following = listMarker(lines[index])
            else { break }
            marker = following
        }
        return (.list(MarkdownList(ordered: first.ordered, start: first.number, items: items)), index)
    }

    /// Whether the line starts another item of the list `marker` belongs to.
    private static func isSibling(_ line: SourceLine, of marker: ListMarker) -> Bool {
        guard let other = listMarker(line) else { return false }
        return other.ordered == marker.ordered && other.delimiter == marker.delimiter
    }

    /// The lines of one item, stripped of the item's indentation, and the index after them.
    private static func listItem(_ lines: Lines, at start: Int, marker: ListMarker) -> ([SourceLine], Int) {
        let firstLine = marker.blankedLine.removingIndentation(marker.contentIndent)
        var itemLines = [firstLine]
        var openFence = fenceOpening(firstLine)
        var lazyAllowed = openFence == nil && isParagraphText(firstLine)
        var index = start + 1
        while index < lines.endIndex {
            let line = lines[index]
            if line.isBlank {
                itemLines.append(SourceLine(text: "", number: line.number))
                lazyAllowed = false
            } else if line.indentation >= marker.contentIndent {
                let stripped = line.removingIndentation(marker.contentIndent)
                itemLines.append(stripped)
                if let fence = openFence {
                    if isFenceClosing(stripped, for: fence) { openFence = nil }
                    lazyAllowed = false
                } else {
                    openFence = fenceOpening(stripped)
                    lazyAllowed = openFence == nil && isParagraphText(stripped)
                }
            } else if lazyAllowed, !isSibling(line, of: marker), !interrupts(lines, at: index) {
                itemLines.append(line.trimmingIndentation())
            } else {
                break
            }
            index += 1
        }
        while itemLines.count > 1, itemLines.last?.isBlank == true {
            itemLines.removeLast()
        }
        return (itemLines, index)
    }
}
