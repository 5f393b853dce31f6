/// Quotes commands the way this learner runs the tool.
///
/// Course texts (hints, notes, explanations) write a command as `` `actorlings hint` ``; a
/// learner who runs the tool from a checkout types `swift run actorlings hint`, so every text
/// shown to them passes through here once, just before it is printed.
public enum CommandQuoting {
    /// Replaces each code span that starts with `actorlings` (`` `actorlings …` ``) by the same
    /// command spelled as `command`. Prose that mentions Actorlings is left alone.
    public static func adapt(_ text: String, command: String) -> String {
        guard command != "actorlings", text.contains("`actorlings") else { return text }
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: "`actorlings") {
            out += rest[..<range.lowerBound]
            let after = rest[range.upperBound...]
            if let next = after.first, next != " ", next != "`" {
                out += rest[range]
            } else {
                out += "`" + command
            }
            rest = after
        }
        return out + rest
    }
}
