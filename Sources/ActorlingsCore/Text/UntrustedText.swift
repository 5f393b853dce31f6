/// Text a student controls (author names, file names, branch and remote names, commit messages,
/// test names and output), made safe to print to a terminal, a report or a CI log.
///
/// A terminal obeys escape sequences (ESC, CSI and the other C0/C1 controls): a name could clear
/// the screen, retitle the window, hide text or forge a line. Bidirectional overrides make text
/// read differently from its bytes. GitHub's runner reads a line of its log as a workflow command
/// (`::add-mask::`, `::stop-commands::`, `::error::`…) when it starts with `::` after leading
/// white space, and in the older form when it holds `##[` anywhere. So every such character is
/// shown as a visible stand-in (ESC as `␛`, a C0 control as its Control Picture, anything else
/// as `\u{…}`), a line that would start a command gets a `›` in front and `##[` becomes `#›#[`.
/// The result only ever adds visible characters: what a person reads is what the bytes were.
public enum UntrustedText {
    /// For text printed on one line (a name, a file name, a label): a line break or a tab in it
    /// is shown too, so it can never start a line of its own.
    public static func line(_ text: String) -> String {
        neutralizingCommand(visible(text, keepingLineBreaks: false))
    }

    /// For text that may span lines (test output, a commit message): line breaks and tabs are
    /// kept, and every line is neutralised on its own.
    public static func block(_ text: String) -> String {
        visible(text, keepingLineBreaks: true).split(separator: "\n", omittingEmptySubsequences: false)
            .map { neutralizingCommand(String($0)) }.joined(separator: "\n")
    }

    /// For text put into an HTML page or an XML report: made visible as ``line(_:)`` or
    /// ``block(_:)`` do (`lines`), then the five markup characters escaped and the characters
    /// XML 1.0 cannot carry at all dropped. `&apos;` is both an XML entity and an HTML5 one.
    public static func markup(_ text: String, lines: Bool = false) -> String {
        var out = ""
        for scalar in (lines ? block(text) : line(text)).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// True when `text` would print as it is, on one line.
    public static func isPlain(_ text: String) -> Bool {
        line(text) == text
    }

    /// Whether a scalar must never reach a terminal raw: C0 and C1 controls, DEL, bidirectional
    /// embeddings, overrides, isolates and marks, and the Unicode line and paragraph separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A JSON document in which the controls `JSONEncoder` leaves raw (DEL, C1, bidi, the line
    /// separators) are written as `\uXXXX` escapes, and so is the `#` that would make `##[` a
    /// legacy workflow command: the same data, safe to `cat` in a CI log. Only valid for JSON
    /// whose keys and punctuation hold none of these, as everything this tool writes.
    public static func escapingInJSON(_ json: String) -> String {
        let json = json.contains("##[") ? json.replacing("##[", with: "#\\u0023[") : json
        guard json.unicodeScalars.contains(where: { isControl($0) && $0.value >= 0x7F }) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isControl(scalar), scalar.value >= 0x7F {
                out.append(contentsOf: "\\u\(hex(scalar.value, digits: 4))".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func visible(_ text: String, keepingLineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if keepingLineBreaks, scalar == "\n" || scalar == "\t" {
                out.append(scalar)
            } else if scalar.value == 0x1B {
                out.append("␛")
            } else if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                // U+2400…U+241F: ␀ ␁ … ␉ (tab) ␊ (line feed) ␍ (carriage return) …
                out.append(picture)
            } else if scalar.value == 0x7F {
                out.append("␡")
            } else if isControl(scalar) {
                out.append(contentsOf: "\\u{\(hex(scalar.value, digits: 1))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A line that GitHub's runner would read as a command: `::` first after white space (the
    /// runner's `TrimStart`, any Unicode white space) gets a `›` in front, which it does not skip;
    /// the legacy `##[`, matched anywhere in a line, is broken up.
    private static func neutralizingCommand(_ line: String) -> String {
        var line = line
        if line.contains("##[") { line = line.replacing("##[", with: "#›#[") }
        return line.drop(while: \.isWhitespace).hasPrefix("::") ? "›" + line : line
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
