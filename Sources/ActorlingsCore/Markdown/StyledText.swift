/// A run of text and the styles it is shown in.
struct StyledSpan: Sendable, Equatable {
    var text: String
    var styles: [Palette.Style]

    init(_ text: String, _ styles: [Palette.Style] = []) {
        self.text = text
        self.styles = styles
    }
}

/// Styled text, wrapped by the columns a reader sees.
///
/// Text stays as spans until a line is final and only then becomes escape codes: so wrapping
/// never counts escape codes, and every line opens and closes its own styles, which lets callers
/// put indentation, bullets or quote bars in front of a line without inheriting a colour.
enum StyledText {
    private struct Word {
        var spans: [StyledSpan] = []
        var width = 0
        /// The styles of the white space before the word, so an underlined link keeps its
        /// underline between its words.
        var spaceStyles: [Palette.Style] = []

        mutating func append(_ character: Character, _ styles: [Palette.Style]) {
            if spans.last?.styles == styles {
                spans[spans.count - 1].text.append(character)
            } else {
                spans.append(StyledSpan(String(character), styles))
            }
            width += TerminalText.width(of: character)
        }
    }

    private enum Piece {
        case word(Word)
        case lineBreak
    }

    /// Greedy word wrap to `width` columns. White space between words becomes one space; `"\n"`
    /// forces a break. A word longer than the width gets a line of its own and overflows, unless
    /// `breakLongWords` (table cells, whose borders must line up) cuts it.
    static func wrap(_ spans: [StyledSpan], width: Int, breakLongWords: Bool = false) -> [[StyledSpan]] {
        let width = max(width, 1)
        var lines: [[StyledSpan]] = [[]]
        var lineWidth = 0
        for piece in pieces(spans) {
            guard case .word(let word) = piece else {
                lines.append([])
                lineWidth = 0
                continue
            }
            let chunks = breakLongWords && word.width > width ? cut(word, width: width) : [word]
            for chunk in chunks {
                if lines[lines.count - 1].isEmpty {
                    lines[lines.count - 1] = chunk.spans
                    lineWidth = chunk.width
                } else if lineWidth + 1 + chunk.width <= width {
                    lines[lines.count - 1].append(StyledSpan(" ", chunk.spaceStyles))
                    lines[lines.count - 1] += chunk.spans
                    lineWidth += 1 + chunk.width
                } else {
                    lines.append(chunk.spans)
                    lineWidth = chunk.width
                }
            }
        }
        return lines
    }

    /// The line as text, adjacent spans of the same styles merged into one escape sequence.
    static func render(_ line: [StyledSpan], palette: Palette) -> String {
        var merged: [StyledSpan] = []
        for span in line where !span.text.isEmpty {
            if merged.last?.styles == span.styles {
                merged[merged.count - 1].text += span.text
            } else {
                merged.append(span)
            }
        }
        return merged.map { palette.apply($0.styles, $0.text) }.joined()
    }

    /// The columns the spans take.
    static func width(of line: [StyledSpan]) -> Int {
        line.reduce(0) { total, span in total + span.text.reduce(0) { $0 + TerminalText.width(of: $1) } }
    }

    private static func pieces(_ spans: [StyledSpan]) -> [Piece] {
        var pieces: [Piece] = []
        var word = Word()
        var pendingSpace: [Palette.Style]?
        func finishWord() {
            if !word.spans.isEmpty { pieces.append(.word(word)) }
            word = Word()
        }
        for span in spans {
            for character in span.text {
                if character == "\n" {
                    finishWord()
                    pieces.append(.lineBreak)
                    pendingSpace = nil
                } else if character == " " || character == "\t" {
                    finishWord()
                    pendingSpace = pendingSpace ?? span.styles
                } else {
                    if word.spans.isEmpty {
                        word.spaceStyles = pendingSpace ?? []
                        pendingSpace = nil
                    }
                    word.append(character, span.styles)
                }
            }
        }
        finishWord()
        return pieces
    }

    /// A word cut into chunks of at most `width` columns (a wide character may not fit a width of 1;
    /// it then gets a chunk of its own).
    private static func cut(_ word: Word, width: Int) -> [Word] {
        var chunks = [Word()]
        chunks[0].spaceStyles = word.spaceStyles
        for span in word.spans {
            for character in span.text {
                let characterWidth = TerminalText.width(of: character)
                if chunks[chunks.count - 1].width + characterWidth > width, chunks[chunks.count - 1].width > 0 {
                    chunks.append(Word())
                }
                chunks[chunks.count - 1].append(character, span.styles)
            }
        }
        return chunks
    }
}
