/// Renders a lesson for a terminal: wrapped to its width, styled with the caller's palette.
///
/// The output is plain text plus escape codes, never cursor movement, so it can be paged, piped
/// or compared with a golden file. With `Palette.plain` it holds no escape codes at all; inline
/// code then keeps its backticks, because without colour nothing else would set it apart.
public struct TerminalMarkdownRenderer: Sendable {
    public let palette: Palette
    /// The columns available; a word longer than this is never split, so it overflows.
    public let width: Int

    public init(palette: Palette, width: Int) {
        self.palette = palette
        self.width = max(width, 1)
    }

    /// The document as lines ending with `"\n"`; `""` if nothing in it is shown.
    public func render(_ document: MarkdownDocument) -> String {
        let lines = render(document.blocks, width: width, listDepth: 0, tight: false)
        guard !lines.isEmpty else { return "" }
        // Hanging indents and quote bars leave spaces on blank lines; a terminal shows none.
        return lines.map { String($0.strippingTrailingSpacesAndTabs()) }.joined(separator: "\n") + "\n"
    }

    /// Blocks separated by blank lines; in a list item (`tight`) a nested list follows its
    /// paragraph directly, as a reader expects of an outline.
    func render(_ blocks: [MarkdownBlock], width: Int, listDepth: Int, tight: Bool) -> [String] {
        var lines: [String] = []
        var previous: MarkdownBlock?
        for block in blocks {
            if case .comment = block { continue }
            if let previous {
                var joins = false
                if tight, case .paragraph = previous, case .list = block { joins = true }
                if !joins { lines.append("") }
            }
            lines += render(block, width: width, listDepth: listDepth)
            previous = block
        }
        return lines
    }

    private func render(_ block: MarkdownBlock, width: Int, listDepth: Int) -> [String] {
        switch block {
        case .heading(let heading, let inlines):
            return headingLines(level: heading.level, inlines, width: width)
        case .paragraph(let inlines):
            return StyledText.wrap(spans(inlines), width: width).map { StyledText.render($0, palette: palette) }
        case .list(let list):
            return listLines(list, width: width, depth: listDepth)
        case .quote(let children):
            let bar = palette.apply(.dim, "│") + " "
            return render(children, width: max(width - 2, 1), listDepth: listDepth, tight: false).map { bar + $0 }
        case .code(let code):
            return codeLines(code)
        case .table(let table):
            return tableLines(table, width: width)
        case .thematicBreak:
            return [palette.apply(.dim, String(repeating: "─", count: width))]
        case .comment:
            return []
        }
    }

    private func headingLines(level: Int, _ inlines: [MarkdownInline], width: Int) -> [String] {
        let styles: [Palette.Style] = level <= 2 ? [.bold, .cyan] : [.bold]
        let wrapped = StyledText.wrap(spans(inlines, styles), width: width)
        var lines = wrapped.map { StyledText.render($0, palette: palette) }
        // The two top levels are underlined so that a lesson's outline shows even without colour.
        let rule: String? = level == 1 ? "═" : level == 2 ? "─" : nil
        if let rule {
            let length = wrapped.map(StyledText.width(of:)).max() ?? 0
            lines.append(palette.apply(.cyan, String(repeating: rule, count: min(length, width))))
        }
        return lines
    }

    private func listLines(_ list: MarkdownList, width: Int, depth: Int) -> [String] {
        let bullets = ["•", "◦", "▪"]
        let markers = list.items.indices.map { index in
            list.ordered ? "\(list.start + index)." : bullets[depth % bullets.count]
        }
        let markerWidth = markers.map { $0.count }.max() ?? 1
        var lines: [String] = []
        for (item, marker) in zip(list.items, markers) {
            // Numbers are right-aligned so that the items' text lines up past 9.
            let label = String(repeating: " ", count: markerWidth - marker.count) + marker
            let body = render(item, width: max(width - markerWidth - 1, 1), listDepth: depth + 1, tight: true)
            let hanging = String(repeating: " ", count: markerWidth + 1)
            lines.append(label + " " + (body.first ?? ""))
            lines += body.dropFirst().map { hanging + $0 }
        }
        return lines
    }

    /// The inline content as styled spans, each carrying `base` plus its own markup's styles.
    func spans(_ inlines: [MarkdownInline], _ base: [Palette.Style] = []) -> [StyledSpan] {
        var result: [StyledSpan] = []
        for inline in inlines {
            switch inline {
            case .text(let text):
                result.append(StyledSpan(text, base))
            case .code(let code):
                result.append(palette.enabled ? StyledSpan(code, base.adding(.cyan)) : StyledSpan("`\(code)`", base))
            case .emphasis(let children):
                result += spans(children, base.adding(.italic))
            case .strong(let children):
                result += spans(children, base.adding(.bold))
            case .link(let text, let destination):
                result += spans(text, base.adding(.underline))
                // A terminal cannot follow a link, so its address is shown; an autolink already is it.
                if text.plainText != destination {
                    result.append(StyledSpan(" (", base))
                    result.append(StyledSpan(destination, base.adding(.dim)))
                    result.append(StyledSpan(")", base))
                }
            case .lineBreak:
                result.append(StyledSpan("\n", base))
            }
        }
        return result
    }
}

extension [Palette.Style] {
    /// The styles plus one more, without repeating it: spans with equal styles merge into one
    /// escape sequence, so `code` in a cyan heading is not split off for nothing.
    fileprivate func adding(_ style: Palette.Style) -> [Palette.Style] {
        contains(style) ? self : self + [style]
    }
}
