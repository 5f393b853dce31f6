/// Which release of the course grades a copy: the `course-ref` its student workflow names.
///
/// One ref decides three things that must agree: the course `class grade` and the Classroom
/// workflow judge a submission against, the commit `update` brings, and so the course files a
/// student who has not updated yet still has (those are never tampering).
public enum GradingRelease {
    /// The `course-ref:` of a student workflow (`.github/workflows/classroom.yml`), or nil when
    /// it has none, still has the template's placeholder (`COURSE-REF`), or names something that
    /// is not a plain ref name.
    public static func courseRef(inWorkflow text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("course-ref:") else { continue }
            var value = trimmed.dropFirst("course-ref:".count).drop { $0 == " " || $0 == "\t" }
            if let comment = value.firstIndex(of: "#") { value = value[..<comment] }
            let quotes: Set<Character> = [" ", "\t", "\"", "'"]
            let ref = String(value.drop { quotes.contains($0) }.reversed().drop { quotes.contains($0) }.reversed())
            return isPlainRef(ref) ? ref : nil
        }
        return nil
    }

    /// Letters, digits, `.`, `_`, `-` (not first), as `publish-template.sh pin` accepts; never
    /// the placeholder.
    public static func isPlainRef(_ ref: String) -> Bool {
        guard let first = ref.first, first != "-", first != ".", !ref.hasPrefix("COURSE-"), ref.count <= 100 else { return false }
        return ref.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") } && !ref.contains("..")
    }
}
