/// Which of an exercise's backup folders (`.actorlings/backups/<id>/`) a `reset` made.
///
/// A reset names its backup by the time, `yyyyMMdd-HHmmss`, with `-2`, `-3`… when two fall in
/// one second. Backups of what a test run left (`…-after-test-run-…`) and of what an undo
/// replaced (`…-before-undo`) carry longer names and are never a reset's.
public enum ResetBackups {
    /// The newest reset backup among the folder names; nil when there is none.
    public static func latest(among names: [String]) -> String? {
        let resets = names.compactMap { name -> (time: String, number: Int, name: String)? in
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3,
                parts[0].count == 8, parts[1].count == 6,
                parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit)
            else { return nil }
            let number = parts.count == 3 ? Int(parts[2]) : 1
            guard let number else { return nil }
            return (String(parts[0] + "-" + parts[1]), number, name)
        }
        return resets.max { ($0.time, $0.number) < ($1.time, $1.number) }?.name
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
