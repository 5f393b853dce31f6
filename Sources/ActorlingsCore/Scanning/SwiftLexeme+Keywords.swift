extension SwiftLexeme {
    /// Swift's keywords, contextual ones included: a lesson about concurrency is mostly about
    /// `actor`, `async`, `await`, `nonisolated`, `isolated`, `sending` and their kin, so those must
    /// stand out even where the compiler would also accept them as names.
    static let keywords: Set<String> = [
        // Declarations
        "actor", "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "macro", "open", "operator", "package",
        "precedencegroup", "private", "protocol", "public", "static", "struct", "subscript",
        "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "rethrows", "Self", "self", "super", "throws",
        "true", "try", "async", "some", "any", "each",
        // Concurrency and ownership
        "nonisolated", "isolated", "sending", "consuming", "borrowing", "consume",
        "unsafe",
        // Modifiers and accessors
        "convenience", "dynamic", "final", "indirect", "lazy", "mutating", "nonmutating",
        "override", "required", "unowned", "weak", "get", "set", "willSet", "didSet",
        "_modify", "_read",
    ]

    /// Keywords that stay keywords after a dot.
    static let memberKeywords: Set<String> = ["init", "self", "Type", "Protocol"]
}
