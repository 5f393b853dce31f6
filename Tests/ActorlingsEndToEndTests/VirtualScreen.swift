import ActorlingsCore
import ActorlingsTestSupport
import Foundation

/// A small terminal emulator: the bytes a program wrote, played onto a grid of `rows` × `columns`,
/// to compare what the learner *sees* with a golden file.
///
/// It knows what watch mode and `less` (TERM=xterm) send: printable text with auto-wrap, CR, LF,
/// BS, TAB, cursor positioning and movement, erasing (screen, line), reverse index and line
/// insertion/deletion; colours and modes are ignored. Wide characters take two columns.
struct VirtualScreen {
    let rows: Int
    let columns: Int
    private(set) var grid: [[String]]
    private var row = 0
    private var column = 0
    /// Set when a character filled the last column: the next one wraps (as xterm does).
    private var pendingWrap = false

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen after `output`, played from the last full erase of the screen (`ESC[2J`): what
    /// came before it is gone from the terminal too.
    static func after(_ output: String, rows: Int, columns: Int) -> VirtualScreen {
        var screen = VirtualScreen(rows: rows, columns: columns)
        let start = output.range(of: "\u{1B}[2J", options: .backwards)?.upperBound ?? output.startIndex
        screen.play(String(output[start...]))
        return screen
    }

    /// The screen as text: each row without trailing spaces, a frame line above and below so the
    /// golden shows the screen's size.
    var text: String {
        let border = "+" + String(repeating: "-", count: columns) + "+"
        let lines = grid.map { cells -> String in
            var line = cells.joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return "|" + line
        }
        return ([border] + lines + [border]).joined(separator: "\n") + "\n"
    }

    mutating func play(_ output: String) {
        var characters = Array(output)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\u{1B}":
                escape(&characters)
            case "\r\n":
                column = 0
                lineFeed()
            case "\r":
                column = 0
                pendingWrap = false
            case "\n":
                lineFeed()
            case "\u{8}":
                column = max(column - 1, 0)
                pendingWrap = false
            case "\t":
                column = min((column / 8 + 1) * 8, columns - 1)
            case "\u{7}", "\u{0}", "\u{E}", "\u{F}":
                continue
            default:
                put(character)
            }
        }
    }

    private mutating func put(_ character: Character) {
        let width = max(TerminalText.width(of: String(character)), 1)
        if pendingWrap || column + width > columns {
            column = 0
            lineFeed()
        }
        grid[row][column] = String(character)
        if width == 2, column + 1 < columns { grid[row][column + 1] = "" }
        column += width
        if column >= columns {
            column = columns - 1
            pendingWrap = true
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row == rows - 1 {
            grid.removeFirst()
            grid.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    private mutating func escape(_ characters: inout ArraySlice<Character>) {
        guard let next = characters.popFirst() else { return }
        switch next {
        case "[":
            var parameters = ""
            while let character = characters.popFirst() {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) {
                    control(character, parameters)
                    return
                }
                parameters.append(character)
            }
        case "M":
            // Reverse index: up a line, scrolling the screen down at the top.
            if row == 0 {
                grid.removeLast()
                grid.insert(Array(repeating: " ", count: columns), at: 0)
            } else {
                row -= 1
            }
        case "(", ")":
            _ = characters.popFirst()
        case "]":
            // An operating-system command (a title) ends with BEL or ESC \.
            while let character = characters.popFirst(), character != "\u{7}" {
                if character == "\u{1B}" {
                    _ = characters.popFirst()
                    break
                }
            }
        default:
            break
        }
    }

    private mutating func control(_ final: Character, _ parameters: String) {
        guard !parameters.hasPrefix("?"), !parameters.hasPrefix(">") else { return }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func number(_ index: Int, default value: Int) -> Int {
            index < numbers.count && numbers[index] != 0 ? numbers[index] : value
        }
        pendingWrap = false
        switch final {
        case "H", "f":
            row = min(max(number(0, default: 1) - 1, 0), rows - 1)
            column = min(max(number(1, default: 1) - 1, 0), columns - 1)
        case "A": row = max(row - number(0, default: 1), 0)
        case "B": row = min(row + number(0, default: 1), rows - 1)
        case "C": column = min(column + number(0, default: 1), columns - 1)
        case "D": column = max(column - number(0, default: 1), 0)
        case "G": column = min(max(number(0, default: 1) - 1, 0), columns - 1)
        case "d": row = min(max(number(0, default: 1) - 1, 0), rows - 1)
        case "J":
            switch numbers.first ?? 0 {
            case 0:
                erase(row: row, from: column)
                for below in (row + 1)..<max(rows, row + 1) where below < rows { erase(row: below, from: 0) }
            case 1:
                for above in 0..<row { erase(row: above, from: 0) }
                for index in 0...column { grid[row][index] = " " }
            default:
                for index in 0..<rows { erase(row: index, from: 0) }
            }
        case "K":
            switch numbers.first ?? 0 {
            case 0: erase(row: row, from: column)
            case 1: for index in 0...column { grid[row][index] = " " }
            default: erase(row: row, from: 0)
            }
        case "L":
            for _ in 0..<number(0, default: 1) {
                grid.removeLast()
                grid.insert(Array(repeating: " ", count: columns), at: row)
            }
        case "M":
            for _ in 0..<number(0, default: 1) {
                grid.remove(at: row)
                grid.append(Array(repeating: " ", count: columns))
            }
        case "P":
            for _ in 0..<number(0, default: 1) {
                grid[row].remove(at: column)
                grid[row].append(" ")
            }
        default:
            break  // colours (m), modes, scroll regions: nothing to draw
        }
    }

    private mutating func erase(row: Int, from start: Int) {
        for index in start..<columns { grid[row][index] = " " }
    }
}
