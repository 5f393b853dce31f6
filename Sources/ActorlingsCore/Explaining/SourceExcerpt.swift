/// The lines of source a diagnostic points at, drawn from the file itself (the build is run with
/// `-diagnostic-style llvm`, whose own excerpt the parser skips): the line, with a caret under
/// the column, and one line of context above when it is not blank.
public enum SourceExcerpt {
    /// `    12 | let x = …` lines and a caret line, or none when the file or line is unknown.
    public static func lines(of source: String, line: Int, column: Int?, contextAbove: Int = 1) -> [String] {
        let all = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= all.count else { return [] }
        let first = max(1, line - contextAbove)
        let width = String(line).count
        var out: [String] = []
        for number in first...line {
            let text = String(all[number - 1]).trimmingTrailingWhitespace()
            if number < line, text.isEmpty { continue }
            let label = String(repeating: " ", count: width - String(number).count) + String(number)
            out.append("\(label) | \(text)")
        }
        if let column, column >= 1 {
            // Keep tabs so the caret lines up under tab-indented code.
            let prefix = all[line - 1].prefix(column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
            out.append(String(repeating: " ", count: width) + " | " + prefix + "^")
        }
        return out
    }
}
