/// Measures text as a terminal shows it.
///
/// Wrapping must count the columns a reader sees: escape codes take none, and CJK characters and
/// most emoji take two.
public enum TerminalText {
    /// The text without its ANSI escape sequences (CSI sequences such as `ESC[1;31m`).
    public static func removingEscapes(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            guard let kind = scalars.next(), kind == "[" else { continue }
            // Parameters and intermediates, up to the final byte (`@` to `~`).
            while let byte = scalars.next(), !(0x40...0x7E).contains(byte.value) {}
        }
        return String(result)
    }

    /// The columns `text` takes in a terminal, escape codes excluded.
    public static func width(of text: String) -> Int {
        removingEscapes(text).reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one character takes: 2 for wide (East Asian, emoji) characters, 1 otherwise.
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x1100 { return 1 }
        if first.properties.isEmojiPresentation { return 2 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(first.value) } ? 2 : 1
    }
}
