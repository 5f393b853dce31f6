/// A problem in a course file, with where it is and what to write instead.
///
/// The parser stops at the first problem: after a malformed line (an unclosed string, say) the
/// rest of the file can't be read reliably, and a cascade of follow-on errors would hide the one
/// that matters.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars (a tab counts as one).
    public var column: Int
    /// What is wrong and what to write instead.
    public var message: String

    /// `line 3, column 9: expected '=' after key 'title', found '"Actorlings"'`; the caller
    /// prefixes the file's path.
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
