/// One token of Swift code, as far as the forbidden-construct scanner needs to tell tokens apart.
///
/// The scanner compares tokens, not text, so that white space, line breaks and comments between
/// the parts of a construct never hide it, and so that a name matches only a whole name.
public struct SwiftToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A name or a keyword, without its backticks. Swift's keywords are mostly contextual
        /// (`nonisolated`, `unchecked`, `detached`), so telling them apart from names buys nothing.
        case identifier
        /// A numeric literal.
        case number
        /// A run of operator characters, grouped as Swift groups them (`!=`, `..<`, `?`), so that
        /// a pattern `try` + `!` matches a forced try but not the `!=` of `try x != y`.
        case `operator`
        /// One delimiter: `(`, `)`, `[`, `]`, `{`, `}`, `,`, `:`, `;`, `@`, `#`, `\`, or a
        /// character Swift gives no meaning to. `@` and `#` stand alone, so `@unchecked` is the
        /// two tokens `@` `unchecked` wherever it is written.
        case punctuation
        /// A string literal's opening delimiter (`"`, `"""`, `#"`, …). It stands for the whole
        /// literal, whose text is not code; the code of its interpolations follows as tokens of
        /// their own. Keeping a token for it stops a match from running across a literal.
        case stringLiteral
        /// A regex literal's opening delimiter (`/`, `#/`, `##/`, …); it stands for the whole
        /// literal, whose text is not code.
        case regexLiteral
    }

    public var kind: Kind
    public var text: String
    /// 1-based; `\n`, `\r\n` and a lone `\r` each end a line, as they do for the compiler.
    public var line: Int
    /// 1-based, counted in Unicode scalars, which equals what editors show for ASCII code.
    public var column: Int
}
