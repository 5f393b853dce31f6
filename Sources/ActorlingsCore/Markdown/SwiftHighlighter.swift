/// Colours Swift source for the terminal, as lessons show their examples.
///
/// A single-pass lexer, not a parser: it only has to tell keywords, attributes, literals,
/// comments and type names apart, and it must keep every character of the input in order, so
/// that removing the escape codes gives back exactly the code `dev check` compiles.
public enum SwiftHighlighter {
    /// The code with escape codes around its tokens; unchanged when the palette is plain.
    ///
    /// A token that spans lines (a block comment, a multi-line string) is styled line by line, so
    /// that a caller can put a gutter before each line without the gutter taking the colour.
    public static func highlight(_ code: String, palette: Palette) -> String {
        guard palette.enabled else { return code }
        var output = ""
        for token in SwiftLexer.tokens(in: code) {
            guard let style = style(of: token.kind) else {
                output += token.text
                continue
            }
            var line = ""
            for character in token.text {
                if character == "\n" || character == "\r\n" || character == "\r" {
                    output += palette.apply(style, line)
                    output.append(character)
                    line = ""
                } else {
                    line.append(character)
                }
            }
            output += palette.apply(style, line)
        }
        return output
    }

    private static func style(of kind: SwiftLexer.Kind) -> Palette.Style? {
        switch kind {
        case .plain: nil
        case .keyword: .magenta
        case .attribute: .yellow
        case .string: .green
        case .comment: .gray
        case .number: .blue
        case .type: .cyan
        }
    }
}
