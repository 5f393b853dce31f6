/// Reads `course.toml` and `exercise.toml`: the subset of TOML 1.0 that
/// `Documentation/CourseFormat.md` describes.
///
/// A subset, not all of TOML: each construct left out (inline tables, dotted keys, floats, dates)
/// is refused with a message saying so, because a course author who writes one deserves to hear
/// "not part of the course format" rather than a generic syntax error or, worse, silence.
///
/// The parser keeps the line of every key and header, so the checks that run on the result can
/// point at the line to fix. It does no I/O: the caller reads the file.
public enum TOMLParser {
    /// Parses a whole file; the first problem found is thrown, with its line and column.
    ///
    /// CRLF and LF line endings read the same, and a UTF-8 byte-order mark at the start is skipped.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        var cursor = TOMLCursor(text)
        var document = TOMLDocumentBuilder()
        while true {
            cursor.skipSpaces()
            cursor.skipComment()
            if cursor.isAtEnd { break }
            if cursor.skipNewline() { continue }
            if cursor.peek() == "[" {
                let header = try cursor.parseHeader()
                try cursor.expectEndOfLine(after: "the header \(header.display)")
                try document.open(header)
            } else {
                let (key, value) = try cursor.parseKeyValue()
                try cursor.expectEndOfLine(after: "the value of '\(key.name)'")
                try document.set(key, to: value)
            }
        }
        return document.finish()
    }
}
