/// What watch mode's keys do, written once: the footer, `help watch` and the README's key list
/// all come from here, so none of them can forget a key.
public enum WatchKeys {
    /// One key: the letter, the few words of the footer, the sentence of `help watch`.
    public struct Key: Sendable, Equatable {
        public var letter: String
        public var short: String
        public var help: String
    }

    /// Every key, in the order the footer and the help show them.
    public static let all: [Key] = [
        Key(letter: "h", short: "hint", help: "show the next hint, chosen for the error or failing test on screen"),
        Key(letter: "v", short: "verdict", help: "read the whole verdict in the pager (f there jumps to the first failure)"),
        Key(
            letter: "a", short: "diagnostics",
            help: "switch between the first three diagnostics and all of them (the footer says which)"),
        Key(letter: "l", short: "list", help: "the journey: every exercise and its state, in the pager"),
        Key(letter: "s", short: "lesson", help: "read the lesson section in the pager (q comes back)"),
        Key(letter: "r", short: "re-run", help: "check again now"),
        Key(
            letter: "n", short: "next",
            help:
                "go to the next exercise not yet passed; on one that does not pass yet, press n twice to skip it "
                + "(recorded as skipped, not passed: `list` and `grade` show it so)"),
        Key(letter: "q", short: "quit", help: "quit (Ctrl-C works too)"),
    ]

    /// The keys the pager (`less`) answers to, said once after the list.
    public static let pagerKeys =
        "In the pager: space and b page down and up, ← and → scroll a long line of code sideways "
        + "(it is cut with a > mark, never wrapped), f in a verdict jumps to its first failure, q comes back."

    /// The footer's keys, with the diagnostics mode in them ("a diagnostics: first 3" or
    /// "… all"), packed into lines of at most `width` columns: a key is never parted from its
    /// word, as wrapping at any space would do.
    public static func footer(allDiagnostics: Bool, width: Int) -> String {
        let items = all.map { key in
            key.letter == "a" ? "a diagnostics: " + (allDiagnostics ? "all" : "first 3") : "\(key.letter) \(key.short)"
        }
        var lines: [String] = []
        var current = ""
        for item in items {
            if current.isEmpty {
                current = item
            } else if current.count + 3 + item.count <= width {
                current += " · " + item
            } else {
                lines.append(current)
                current = item
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// The key list of `help watch` and of the README, one key per line, a long one continued
    /// under its sentence: no line wider than 79 columns, so that an 80-column terminal shows
    /// it as written.
    public static var helpLines: String { helpLines(width: 79) }

    /// The key list laid out for lines of at most `width` columns: a terminal narrower than 80
    /// gets it wrapped anew, not its 79-column lines broken again.
    public static func helpLines(width: Int) -> String {
        var lines: [String] = []
        for key in all {
            lines += WatchScreen.wrap("  \(key.letter)  " + key.help, width: width, hanging: true)
        }
        lines += WatchScreen.wrap(pagerKeys, width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The 1-based line of `text` (a rendered verdict) where its first failure starts: the first
    /// failing test or the first diagnostic, else the first line.
    public static func firstFailureLine(in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index > 0 {
            let plain = TerminalText.removingEscapes(String(line))
            let trimmed = plain.drop { $0 == " " }
            if trimmed.hasPrefix("✘ ") || plain.hasPrefix("error") || plain.hasPrefix("warning") { return index + 1 }
        }
        return 1
    }

    /// The line shown while a check runs: a check under Thread Sanitizer builds and runs several
    /// times slower, so it says so and counts the seconds, lest the learner think it hangs.
    public static func checkingLine(sanitized: Bool, elapsed: Duration) -> String {
        guard sanitized else { return "Checking…" }
        let seconds = Int(elapsed.components.seconds)
        return "Checking under Thread Sanitizer, which is slower: \(seconds) s"
    }
}
