/// The words that keep the learner's path going forward: a hint asked for on an exercise that
/// already passes, and counts with their nouns.
public enum PathWords {
    /// Said for `hint` on a passing exercise: it passes, and the after-pass note is the lesson
    /// left to take from it (in watch mode it is on screen already, under the verdict).
    public static func passingHint(_ exercise: Exercise, palette: Palette, command: String, inWatchMode: Bool) -> String {
        var out = palette.apply(.boldGreen, "✔ \(exercise.id) passes") + ": there is nothing left to hint at.\n"
        let note = CommandQuoting.adapt(exercise.afterPass.trimmingTrailingWhitespace(), command: command)
        if inWatchMode {
            out += "Its after-pass note is above, under the verdict: the trap it teaches you to avoid. Press n to go on.\n"
        } else if !note.isEmpty {
            out += "Its after-pass note, the trap it teaches you to avoid:\n\n"
            out += note.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// "1 test", "2 tests"; `plural` when the noun does not just take an s.
    public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
