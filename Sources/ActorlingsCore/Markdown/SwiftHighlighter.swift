/// Colours Swift source for the terminal, as lessons show their examples.
///
/// It colours the lexemes of ``SwiftTokenizer``, the lexer the forbidden-construct scanner uses,
/// so that a lesson shows code, comments and literals where the scanner and the compiler see
/// them; and the lexemes keep every character of the input in order, so that removing the escape
/// codes gives back exactly the code `dev check` compiles.
public enum SwiftHighlighter {
    /// The code with escape codes around its lexemes; unchanged when the palette is plain.
    ///
    /// A lexeme that spans lines (a block comment, a multi-line string) is styled line by line, so
    /// that a caller can put a gutter before each line without the gutter taking the colour.
    public static func highlight(_ code: String, palette: Palette) -> String {
        guard palette.enabled else { return code }
        var output = ""
        for lexeme in SwiftTokenizer.lexemes(in: code) {
            guard let style = style(of: lexeme.kind) else {
                output += lexeme.text
                continue
            }
            var line = ""
            for character in lexeme.text {
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

    private static func style(of kind: SwiftLexeme.Kind) -> Palette.Style? {
        switch kind {
        case .plain: nil
        case .keyword: .magenta
        case .attribute: .yellow
        case .string: .green
        case .comment: .gray
        case .number: .blue
        case .typeName: .cyan
        case .regex: .red
        }
    }
}
