/// Lays out watch mode's whole screen for a terminal of a given size.
///
/// The terminal cuts a line that is too long wherever the last column falls, and scrolls the top
/// of a screen that is too tall out of sight; so every line is wrapped here at a space, and what
/// does not fit is shortened with a line that says how to read it all (`v`, the pager). The note (a list, a hint, a question) is
/// what the learner just asked for, so it goes before the verdict's tail: the title, the
/// verdict's first lines, the note and the keys stay in view, in that order of need.
public struct WatchScreen: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(width, 20)
        self.height = max(height, 8)
    }

    /// The screen's lines, top to bottom, none wider than `width`, at most `height` of them.
    ///
    /// - Parameters:
    ///   - header: always shown in full (wrapped).
    ///   - body: the verdict.
    ///   - note: what a key asked for; all the room but the verdict's first lines when both do not fit.
    ///   - footer: the progress bar and keys; always shown.
    public func lines(header: String, body: String, note: String?, footer: String, palette: Palette) -> [String] {
        let top = wrap(header)
        let bottom = wrap(footer)
        let verdict = wrap(body, code: .cut)
        let extra = note.map { [""] + wrap($0) } ?? []
        let room = max(height - top.count - bottom.count - 1, 2)
        var lines = top + verdict + extra + [""] + bottom
        if verdict.count + extra.count > room {
            // The verdict keeps its first lines (its headline); the note, without the blank line
            // that separates it when there is room, gets the rest; the verdict what the note leaves.
            let note = extra.dropFirst()
            let verdictStart = min(verdict.count, 3)
            let noteRoom = note.isEmpty ? 0 : min(note.count, max(room - verdictStart, 2))
            lines = top + cut(verdict, to: room - noteRoom, palette: palette) + cut(Array(note), to: noteRoom, palette: palette) + [""] + bottom
        }
        // A terminal so small that even the title and the keys do not fit: the keys win.
        if lines.count > height {
            lines = Array(lines.prefix(max(height - bottom.count, 0))) + bottom.suffix(height)
        }
        return lines
    }

    /// At most `count` of `lines`, the last one saying how many more there are.
    private func cut(_ lines: [String], to count: Int, palette: Palette) -> [String] {
        guard lines.count > count else { return lines }
        guard count > 1 else { return Array(lines.prefix(count)) }
        let hidden = lines.count - count + 1
        let long = "… \(hidden) more lines: press v to read them all in the pager"
        let marker = TerminalText.width(of: long) <= width ? long : "… \(hidden) more lines"
        return Array(lines.prefix(count - 1)) + [palette.apply(.dim, marker)]
    }

    /// The screen as text to write: home, erase, the lines.
    public func render(header: String, body: String, note: String?, footer: String, palette: Palette) -> String {
        let lines = lines(header: header, body: body, note: note, footer: footer, palette: palette)
        // Home and erase the screen and its scroll-back: nothing of a previous screen stays.
        return "\u{1B}[H\u{1B}[2J\u{1B}[3J" + lines.joined(separator: "\n")
    }

    /// Every line of `text` wrapped to `width` columns.
    ///
    /// With `hanging`, a line laid out as a column (a term, two or more spaces, what it means, as
    /// in a help text's list of keys or options) continues under what it means, not under the term.
    ///
    /// A line of code (see ``isCode(_:)``) is never broken: `code` says whether it is kept whole
    /// (for the pager, which scrolls sideways), cut at the width with a `›` mark (the watch screen),
    /// or wrapped like prose.
    public func wrap(_ text: String, hanging: Bool = false, code: CodeLines = .wrapped) -> [String] {
        var text = Substring(text)
        while text.hasSuffix("\n") { text = text.dropLast() }
        guard !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { piece -> [String] in
            let line = String(piece)
            switch code {
            case .kept where Self.isCode(line): return [line]
            case .cut where Self.isCode(line): return [Self.cut(line, width: width)]
            default: return Self.wrap(line, width: width, hanging: hanging)
            }
        }
    }

    /// What becomes of a line of code that is wider than the screen.
    public enum CodeLines: Sendable {
        case wrapped, kept, cut
    }

    /// Whether a verdict's line is code, which must not be broken at a space: an expectation's
    /// expression (`Expectation failed: …`), a place (`at Tests/X.swift:12`), a row of a value
    /// difference (`[41] 1680`, `✘ [41] 1680 ≠ 1681`) or a source excerpt (`12 | let x = …`).
    public static func isCode(_ line: String) -> Bool {
        let plain = TerminalText.removingEscapes(line).drop { $0 == " " }
        if plain.hasPrefix("Expectation failed") { return true }
        if plain.hasPrefix("at "), !plain.dropFirst(3).contains(" "), plain.contains(":") { return true }
        let row = plain.hasPrefix("✘ ") ? plain.dropFirst(2) : plain
        if row.hasPrefix("["), let close = row.firstIndex(of: "]"), row[row.index(after: row.startIndex)..<close].allSatisfy(\.isNumber),
            close > row.index(after: row.startIndex)
        {
            return true
        }
        let gutter = plain.prefix { $0.isNumber }
        return plain.dropFirst(gutter.count).drop { $0 == " " }.hasPrefix("|")
    }

    /// `line` cut to `width` columns, its last one a `›` when anything was cut; escape codes take
    /// no room and are kept, so colours still end.
    public static func cut(_ line: String, width: Int) -> String {
        guard TerminalText.width(of: line) > width else { return line }
        var out = ""
        var used = 0
        var cutting = false
        for piece in pieces(of: line) {
            if piece.isEscape {
                out += piece.text
                continue
            }
            guard !cutting else { continue }
            let pieceWidth = TerminalText.width(of: piece.text)
            if used + pieceWidth > width - 1 {
                out += "›"
                cutting = true
                continue
            }
            out += piece.text
            used += pieceWidth
        }
        return out
    }

    /// One line wrapped to `width` columns at spaces (a word wider than the line is cut), escape
    /// codes taking no room; continuation lines keep the line's indentation, or with `hanging`
    /// start under the line's second column when it has one.
    public static func wrap(_ line: String, width: Int, hanging: Bool = false) -> [String] {
        guard TerminalText.width(of: line) > width else { return [line] }
        let pieces = Self.pieces(of: line)
        let leading = line.prefix { $0 == " " }.count
        let indentWidth = min((hanging ? secondColumn(of: line) : nil) ?? leading, width / 2)
        let indent = String(repeating: " ", count: indentWidth)
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        // Where the last space in `current` ends, to break there rather than mid-word.
        var lastBreak: (index: String.Index, width: Int)?
        for piece in pieces {
            let pieceWidth = piece.isEscape ? 0 : TerminalText.width(of: piece.text)
            if currentWidth + pieceWidth > width, currentWidth > indentWidth {
                if piece.text == " " {
                    // The break falls on this space: it ends the line and is dropped.
                    lines.append(current.trimmingTrailingSpaces())
                    current = indent
                    currentWidth = indentWidth
                    lastBreak = nil
                    continue
                }
                if let lastBreak, lastBreak.width > indentWidth {
                    let rest = String(current[lastBreak.index...])
                    lines.append(String(current[..<lastBreak.index]).trimmingTrailingSpaces())
                    current = indent + rest
                    currentWidth = indentWidth + (currentWidth - lastBreak.width)
                } else {
                    lines.append(current)
                    current = indent
                    currentWidth = indentWidth
                }
                lastBreak = nil
            }
            current += piece.text
            currentWidth += pieceWidth
            if piece.text == " " { lastBreak = (current.endIndex, currentWidth) }
        }
        lines.append(current)
        return lines
    }

    /// Where a line's second column starts: after its indentation, a term, then two or more
    /// spaces; nil for a line of prose (no such gap) or with escape codes before the gap.
    static func secondColumn(of line: String) -> Int? {
        let characters = Array(line)
        var index = characters.prefix { $0 == " " }.count
        guard index < characters.count, characters[index] != "\u{1B}" else { return nil }
        while index < characters.count {
            if characters[index] == "\u{1B}" { return nil }
            if characters[index] == " " {
                let gap = characters[index...].prefix { $0 == " " }.count
                if gap >= 2 {
                    let end = index + gap
                    return end < characters.count ? TerminalText.width(of: String(characters[..<end])) : nil
                }
                index += gap
            } else {
                index += 1
            }
        }
        return nil
    }

    private struct Piece {
        var text: String
        var isEscape: Bool
    }

    /// The line as characters and whole escape sequences.
    private static func pieces(of line: String) -> [Piece] {
        var pieces: [Piece] = []
        var escape: String?
        for character in line {
            if var sequence = escape {
                sequence.append(character)
                if sequence.count > 2, let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) {
                    pieces.append(Piece(text: sequence, isEscape: true))
                    escape = nil
                } else {
                    escape = sequence
                }
            } else if character == "\u{1B}" {
                escape = String(character)
            } else {
                pieces.append(Piece(text: String(character), isEscape: false))
            }
        }
        if let escape { pieces.append(Piece(text: escape, isEscape: true)) }
        return pieces
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.hasSuffix(" ") { text = text.dropLast() }
        return String(text)
    }
}
