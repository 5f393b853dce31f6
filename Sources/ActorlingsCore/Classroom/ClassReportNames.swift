/// The name of each student's report in `class grade`: taken from the argument the instructor
/// gave (a folder, a path or URL of a repository, a bundle), never from anything inside the
/// submission, so no student can take another's name. Pure.
public enum ClassReportNames {
    public struct Name: Sendable, Equatable {
        /// File-name-safe and unique in the run, case-insensitively: the report is `<label>.json`.
        public var label: String
        /// Said to the instructor when the label is not the argument's own name (a collision).
        public var note: String?
    }

    /// One name per argument, in order. A second argument with the same name gets `-2`, a third
    /// `-3`, and so on, and a note that says whose the plain name is.
    public static func names(for arguments: [String]) -> [Name] {
        var taken: [String: String] = [:]  // lowercased label → the argument that has it
        var names: [Name] = []
        for argument in arguments {
            let base = self.base(of: argument)
            var label = base
            var suffix = 2
            while taken[label.lowercased()] != nil {
                label = "\(base)-\(suffix)"
                suffix += 1
            }
            var note: String?
            if label != base, let owner = taken[base.lowercased()] {
                note =
                    "\(UntrustedText.line(argument)) is reported as \(label).json: \(base).json is \(UntrustedText.line(owner))'s (two arguments with one name)"
            }
            taken[label.lowercased()] = argument
            names.append(Name(label: label, note: note))
        }
        return names
    }

    /// The last component of a path or URL (`…/actorlings-ada.git` → `actorlings-ada`), with
    /// `.git` or `.bundle` dropped and every character but letters, digits, `-`, `_` and `.`
    /// replaced by `-`. Never empty, never hidden or starting with `-`, never `class` (the summary's own files).
    public static func base(of argument: String) -> String {
        var text = Substring(argument)
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }), text.contains("://") { text = text[..<cut] }
        while text.count > 1, text.last == "/" { text = text.dropLast() }
        // scp-like `git@host:org/repo`: the part after the colon is the path.
        var name = text.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? ""
        for suffix in [".git", ".bundle"] where name.count > suffix.count && name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        var safe = String(
            name.unicodeScalars.map {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) ? Character($0) : "-"
            })
        if safe.count > 80 { safe = String(safe.prefix(80)) }
        if safe.isEmpty || safe.hasPrefix(".") || safe.hasPrefix("-") || safe.lowercased() == "class" { safe = "student-" + safe }
        return safe
    }
}
