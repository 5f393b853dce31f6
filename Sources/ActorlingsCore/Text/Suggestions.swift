/// "Did you mean …?" for mistyped exercise ids, step ids and command names.
///
/// A learner who types `actorlings hint main-actr` should be pointed at `main-actor-mode` rather
/// than told only that the name is unknown. Edit distance catches typos; containment catches
/// names typed in part, which edit distance alone would rank far away.
public enum Suggestions {
    /// The Levenshtein distance between `a` and `b`: how many characters must be inserted,
    /// deleted or replaced to turn one into the other. Case matters; it counts `Character`s, so
    /// an accented letter is one edit however it is encoded.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Two rows of the classic table are enough, since each row needs only the one above.
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(replace, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Up to three of `candidates` close to `input`, ignoring case, best first.
    ///
    /// A candidate is close when it is within `maxDistance` edits of the input (by default
    /// `max(2, input.count / 3)`, so longer names tolerate more typos) or when it contains the
    /// input. An exact match comes first, then candidates that start with the input, then those
    /// within the distance, then those that merely contain it; ties go to the fewer edits, then to
    /// alphabetical order, so that the answer does not depend on the order of `candidates` (often
    /// the keys of a set). Duplicates are suggested once.
    public static func closest(to input: String, among candidates: [String], maxDistance: Int? = nil) -> [String] {
        let needle = input.lowercased()
        let limit = maxDistance ?? max(2, input.count / 3)
        var ranked: [(tier: Int, distance: Int, name: String, candidate: String)] = []
        var seen: Set<String> = []
        for candidate in candidates where seen.insert(candidate).inserted {
            let name = candidate.lowercased()
            let distance = editDistance(needle, name)
            let tier: Int
            if distance == 0 {
                tier = 0
            } else if !needle.isEmpty, name.hasPrefix(needle) {
                tier = 1
            } else if distance <= limit {
                tier = 2
            } else if !needle.isEmpty, name.contains(needle) {
                tier = 3
            } else {
                continue
            }
            ranked.append((tier, distance, name, candidate))
        }
        ranked.sort {
            ($0.tier, $0.distance, $0.name, $0.candidate) < ($1.tier, $1.distance, $1.name, $1.candidate)
        }
        return ranked.prefix(3).map(\.candidate)
    }
}
