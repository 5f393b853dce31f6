/// One block of a ``MarkdownDocument``.
public enum MarkdownBlock: Sendable, Equatable {
    /// A heading, with its inline content kept so that a renderer can style `code` in it.
    case heading(Heading, [MarkdownInline])
    /// A paragraph; its soft-wrapped lines are joined with spaces.
    case paragraph([MarkdownInline])
    case list(MarkdownList)
    case quote([MarkdownBlock])
    case code(CodeBlock)
    case table(MarkdownTable)
    case thematicBreak
    /// An HTML comment's text: notes to authors, never rendered.
    case comment(String)
}

/// A bullet or numbered list; each item is a list of blocks, so items can nest lists.
public struct MarkdownList: Sendable, Equatable {
    public var ordered: Bool
    /// The number of the first item of a numbered list (1 for bullet lists).
    public var start: Int
    public var items: [[MarkdownBlock]]

    public init(ordered: Bool, start: Int, items: [[MarkdownBlock]]) {
        self.ordered = ordered
        self.start = start
        self.items = items
    }
}

/// A GitHub table. Every row has as many cells as the header.
public struct MarkdownTable: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable {
        case none, left, center, right
    }

    public var alignments: [Alignment]
    public var header: [[MarkdownInline]]
    public var rows: [[[MarkdownInline]]]

    public init(alignments: [Alignment], header: [[MarkdownInline]], rows: [[[MarkdownInline]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}

/// Inline content of a paragraph, heading or table cell.
public indirect enum MarkdownInline: Sendable, Equatable {
    case text(String)
    case code(String)
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    /// A link; an autolink `<https://…>` has its destination as its text.
    case link(text: [MarkdownInline], destination: String)
    /// A hard line break (a line ending with two spaces or a backslash).
    case lineBreak
}

extension [MarkdownInline] {
    /// The text without markup, as headings need it for their ``Heading/text`` and slug.
    public var plainText: String {
        var result = ""
        for inline in self {
            switch inline {
            case .text(let text), .code(let text):
                result += text
            case .emphasis(let children), .strong(let children), .link(let children, _):
                result += children.plainText
            case .lineBreak:
                result += " "
            }
        }
        return result
    }
}
