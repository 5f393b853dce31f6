/// Code blocks: indented behind a gutter and never wrapped, since a wrapped line of code reads as
/// two statements and a wrapped diagnostic no longer matches what the compiler prints.
extension TerminalMarkdownRenderer {
    func codeLines(_ block: CodeBlock) -> [String] {
        // A tab after the gutter would jump to the terminal's next tab stop and break alignment.
        var code = block.code.replacing("\t", with: "    ")
        if code.hasSuffix("\n") { code.removeLast() }
        let highlighted =
            switch block.language {
            case "swift": SwiftHighlighter.highlight(code, palette: palette)
            case "diagnostics": highlightDiagnostics(code)
            default: code
            }
        let gutter = "    " + palette.apply(.dim, "│") + " "
        return highlighted.split(separator: "\n", omittingEmptySubsequences: false).map { gutter + $0 }
    }

    /// Compiler output with its severities coloured as the compiler colours them.
    func highlightDiagnostics(_ text: String) -> String {
        let severities: [(label: String, style: Palette.Style)] = [
            ("error:", .boldRed), ("warning:", .boldYellow), ("note:", .boldCyan),
        ]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            // The label counts at the start of the line or after a `file:line:column: ` prefix, so
            // that "error:" quoted inside a message is left alone.
            let found = severities.compactMap { severity -> (Range<Substring.Index>, Palette.Style)? in
                guard let range = line.firstRange(of: severity.label) else { return nil }
                let before = line[..<range.lowerBound]
                guard before.allSatisfy(\.isWhitespace) || before.hasSuffix(": ") else { return nil }
                return (range, severity.style)
            }
            guard let (range, style) = found.min(by: { $0.0.lowerBound < $1.0.lowerBound }) else {
                return String(line)
            }
            let label = palette.apply(style, String(line[range]))
            return String(line[..<range.lowerBound]) + label + String(line[range.upperBound...])
        }
        return lines.joined(separator: "\n")
    }
}
