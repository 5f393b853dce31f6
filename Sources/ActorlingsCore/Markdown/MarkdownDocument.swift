/// A fenced code block of a lesson, as `dev check` needs it: what to compile and how.
public struct CodeBlock: Sendable, Equatable {
    /// The first word of the info string, `""` if there is none.
    public var language: String
    /// The other words of the info string (`error=ActorIsolatedCall`, `isolation=MainActor`…), which
    /// tell `dev check` how the block must compile.
    public var attributes: [String]
    /// The block's content, ending with `"\n"` unless the block is empty.
    public var code: String
    /// The 1-based line of the opening fence, so that a failing block can be named.
    public var line: Int
}

/// A heading of a lesson; exercises point at lesson sections by the heading's slug.
public struct Heading: Sendable, Equatable {
    public var level: Int
    /// The heading's text with inline markup removed (`` `code` `` → `code`, `**b**` → `b`).
    public var text: String
    /// See ``Heading/slug(for:)``.
    public var slug: String
    /// The 1-based line of the heading.
    public var line: Int

    /// The slug of a heading's text: lower case, letters and digits kept, each run of other
    /// characters turned into one `-`, none leading or trailing.
    ///
    /// This is the course format's rule (not GitHub's, which keeps `_` and doubles dashes), chosen
    /// so that an author can write the slug of a heading without looking it up.
    public static func slug(for text: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in text {
            if character.isLetter || character.isNumber {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(contentsOf: character.lowercased())
            } else {
                pendingDash = true
            }
        }
        return slug
    }
}

/// A lesson's Markdown, parsed into blocks.
///
/// Only the Markdown that lessons use is understood (see `Documentation/CourseFormat.md`): ATX
/// headings, paragraphs, lists, block quotes, fenced code, GitHub tables, thematic breaks and HTML
/// comments. Anything else reads as a paragraph, so an unsupported construct shows up as text
/// instead of disappearing. Setext headings and indented code blocks are not recognised: `---`
/// under a paragraph is a thematic break, and indented lines are paragraph text.
public struct MarkdownDocument: Sendable {
    /// The document's blocks in order, for renderers and for checks that need adjacency
    /// (a `diagnostics` block must come right after the `swift` block it quotes).
    public let blocks: [MarkdownBlock]
    /// Every heading, nested ones included, in document order.
    public let headings: [Heading]
    /// Every fenced code block, nested ones included, in document order.
    public let codeBlocks: [CodeBlock]

    private let sourceLines: [String]

    public init(parsing text: String) {
        let lines = MarkdownDocument.splitLines(text)
        sourceLines = lines
        let numbered = lines.enumerated().map { SourceLine(text: $0.element, number: $0.offset + 1) }
        blocks = MarkdownBlockParser.parse(numbered[...])
        var headings: [Heading] = []
        var codeBlocks: [CodeBlock] = []
        MarkdownDocument.collect(blocks, headings: &headings, codeBlocks: &codeBlocks)
        self.headings = headings
        self.codeBlocks = codeBlocks
    }

    /// The Markdown of the section that starts at the first heading with this slug, up to the next
    /// heading of the same or a higher level (trailing blank lines dropped); `nil` if no heading has
    /// the slug. It lets `hint`-like commands quote just the part of a lesson an exercise is about.
    public func section(slug: String) -> String? {
        guard let index = headings.firstIndex(where: { $0.slug == slug }) else { return nil }
        let heading = headings[index]
        let end =
            headings[(index + 1)...].first(where: { $0.level <= heading.level })?.line
            ?? sourceLines.count + 1
        var lines = Array(sourceLines[(heading.line - 1)..<(end - 1)])
        while let last = lines.last, last.allSatisfy(\.isWhitespace) {
            lines.removeLast()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func splitLines(_ text: String) -> [String] {
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .map(String.init)
        // A final newline ends the last line; it does not start an empty one.
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func collect(_ blocks: [MarkdownBlock], headings: inout [Heading], codeBlocks: inout [CodeBlock]) {
        for block in blocks {
            switch block {
            case .heading(let heading, _):
                headings.append(heading)
            case .code(let code):
                codeBlocks.append(code)
            case .quote(let children):
                collect(children, headings: &headings, codeBlocks: &codeBlocks)
            case .list(let list):
                for item in list.items {
                    collect(item, headings: &headings, codeBlocks: &codeBlocks)
                }
            case .paragraph, .table, .thematicBreak, .comment:
                break
            }
        }
    }
}
