/// A line of Markdown with its 1-based number in the document.
///
/// Containers (lists, quotes) strip their prefixes and hand the rest to the block parser again;
/// carrying the original number lets a code block nested in a list still report the line that
/// `dev check` must name.
struct SourceLine: Sendable, Equatable {
    var text: String
    var number: Int

    var isBlank: Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// Whether the line may open a block: CommonMark allows at most three columns of indentation
    /// before a block's marker (four make indented code).
    var mayOpenBlock: Bool { indentation <= 3 }

    /// The indentation and the first character after it, when the line may open a block.
    var blockMarker: (indent: Int, first: Character)? {
        let indent = indentation
        guard indent <= 3, let first = content.first else { return nil }
        return (indent, first)
    }

    /// The columns of leading white space, a tab advancing to the next multiple of 4 as in CommonMark.
    var indentation: Int {
        var column = 0
        for character in text {
            if character == " " {
                column += 1
            } else if character == "\t" {
                column = (column / 4 + 1) * 4
            } else {
                break
            }
        }
        return column
    }

    /// The text after the leading white space.
    var content: Substring {
        text.drop { $0 == " " || $0 == "\t" }
    }

    /// The line with `columns` columns of leading white space removed (fewer if it has fewer).
    ///
    /// A tab that straddles the limit is split into the spaces that remain, so that code nested in a
    /// list keeps its own indentation.
    func removingIndentation(_ columns: Int) -> SourceLine {
        var column = 0
        var index = text.startIndex
        var leftover = 0
        while index < text.endIndex, column < columns {
            let character = text[index]
            if character == " " {
                column += 1
            } else if character == "\t" {
                let next = (column / 4 + 1) * 4
                if next > columns { leftover = next - columns }
                column = next
            } else {
                break
            }
            index = text.index(after: index)
        }
        return SourceLine(text: String(repeating: " ", count: leftover) + text[index...], number: number)
    }

    /// The line with its leading white space removed, as a lazy continuation line is taken.
    func trimmingIndentation() -> SourceLine {
        SourceLine(text: String(content), number: number)
    }
}

/// Markdown's white space within a line is spaces and tabs only; unlike Foundation's trimming,
/// these never touch other characters (a trailing non-breaking space is content).
extension StringProtocol {
    /// The text without trailing spaces and tabs.
    func strippingTrailingSpacesAndTabs() -> SubSequence {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" else { break }
            end = before
        }
        return self[startIndex..<end]
    }

    /// The text without leading and trailing spaces and tabs.
    func strippingSpacesAndTabs() -> String {
        String(drop { $0 == " " || $0 == "\t" }.strippingTrailingSpacesAndTabs())
    }
}
