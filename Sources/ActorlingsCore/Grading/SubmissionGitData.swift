import Foundation

/// What a submission's `.git` says, read as data: its configuration is parsed here, never given
/// to git (git would run programs it names), and what git prints about it is parsed here too.
public enum SubmissionGitData {
    /// The values of `section.subsection.key` in a git configuration file, in file order.
    /// Sections and keys compare case-insensitively, subsections exactly, as git does.
    /// `include` and `includeIf` are not followed: only this file's own text counts.
    public static func values(of key: String, in text: String) -> [String] {
        let wanted = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard wanted.count >= 2 else { return [] }
        let wantedSection = wanted[0].lowercased()
        let wantedSubsection = wanted.count > 2 ? wanted[1..<(wanted.count - 1)].joined(separator: ".") : nil
        let wantedName = wanted[wanted.count - 1].lowercased()
        var found: [String] = []
        var section = ""
        var subsection: String?
        for line in logicalLines(text) {
            var rest = Substring(line).drop(while: \.isWhitespace)
            if rest.hasPrefix("[") {
                guard let header = sectionHeader(rest) else { continue }
                (section, subsection) = header
                if let end = rest.firstIndex(of: "]") { rest = rest[rest.index(after: end)...].drop(while: \.isWhitespace) }
                if rest.isEmpty || rest.hasPrefix("#") || rest.hasPrefix(";") { continue }
            }
            guard let (name, value) = entry(rest), section == wantedSection, subsection == wantedSubsection, name == wantedName else {
                continue
            }
            found.append(value)
        }
        return found
    }

    /// The commit `HEAD` names, given the files that say it: `HEAD` itself (`ref: refs/…` or an
    /// id), the loose ref file it points to, if any, and `packed-refs`. Nil when they do not
    /// lead to an id of 40 (SHA-1) or 64 (SHA-256) hex digits.
    public static func headCommit(head: String, looseRef: (String) -> String?, packedRefs: String?) -> String? {
        let value = head.trimmingCharacters(in: .whitespacesAndNewlines)
        if isObjectID(value) { return value.lowercased() }
        guard value.hasPrefix("ref:") else { return nil }
        let ref = value.dropFirst(4).trimmingCharacters(in: .whitespaces)
        guard isSafeRefName(ref) else { return nil }
        if let loose = looseRef(ref)?.trimmingCharacters(in: .whitespacesAndNewlines), isObjectID(loose) { return loose.lowercased() }
        for line in (packedRefs ?? "").split(whereSeparator: \.isNewline) where !line.hasPrefix("#") && !line.hasPrefix("^") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2, fields[1] == ref, isObjectID(String(fields[0])) { return fields[0].lowercased() }
        }
        return nil
    }

    /// A ref name safe to join to a folder: `refs/…`, no `..`, no empty or hidden component.
    public static func isSafeRefName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts[0] == "refs"
            && parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("..") && !$0.contains("\\") }
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    public static func isObjectID(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit)
    }

    /// The author of a commit object's raw text (`git cat-file commit`): name and email.
    public static func author(ofCommit text: String) -> (name: String, email: String)? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }  // the headers end at the first empty line
            guard line.hasPrefix("author ") else { continue }
            let body = line.dropFirst("author ".count)
            guard let open = body.lastIndex(of: "<"), let close = body[open...].firstIndex(of: ">") else { return nil }
            let name = body[..<open].trimmingCharacters(in: .whitespaces)
            return (name, String(body[body.index(after: open)..<close]))
        }
        return nil
    }

    // MARK: - Parsing git's configuration syntax

    /// Lines joined where one ends in an unquoted backslash (a continuation).
    private static func logicalLines(_ text: String) -> [String] {
        var lines: [String] = []
        var pending = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasSuffix("\\") && !line.hasSuffix("\\\\") {
                pending += line.dropLast()
            } else {
                lines.append(pending + line)
                pending = ""
            }
        }
        if !pending.isEmpty { lines.append(pending) }
        return lines
    }

    /// `[section]`, `[section "subsection"]` or the old `[section.subsection]`.
    private static func sectionHeader(_ line: Substring) -> (String, String?)? {
        guard let end = line.firstIndex(of: "]") else { return nil }
        let inside = line[line.index(after: line.startIndex)..<end]
        if let quote = inside.firstIndex(of: "\"") {
            let name = inside[..<quote].trimmingCharacters(in: .whitespaces).lowercased()
            var subsection = ""
            var escaped = false
            for character in inside[inside.index(after: quote)...] {
                if escaped {
                    subsection.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    return (name, subsection)
                } else {
                    subsection.append(character)
                }
            }
            return nil
        }
        let parts = inside.split(separator: ".", maxSplits: 1)
        guard let first = parts.first else { return nil }
        return (first.lowercased(), parts.count > 1 ? parts[1].lowercased() : nil)
    }

    /// `name = value` (or a bare `name`, which is true), with quotes, escapes and comments.
    private static func entry(_ line: Substring) -> (String, String)? {
        guard let first = line.first, first.isLetter else { return nil }
        let nameEnd = line.firstIndex { !($0.isLetter || $0.isNumber || $0 == "-") } ?? line.endIndex
        let name = line[..<nameEnd].lowercased()
        let afterName = line[nameEnd...].drop(while: { $0 == " " || $0 == "\t" })
        if afterName.isEmpty || afterName.hasPrefix("#") || afterName.hasPrefix(";") { return (name, "true") }
        guard afterName.hasPrefix("=") else { return nil }
        var value = ""
        var pendingSpace = ""
        var quoted = false
        var escaped = false
        for character in afterName.dropFirst().drop(while: { $0 == " " || $0 == "\t" }) {
            if escaped {
                value += pendingSpace
                pendingSpace = ""
                switch character {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "b": value.append("\u{8}")
                default: value.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                value += pendingSpace
                pendingSpace = ""
                quoted.toggle()
            } else if !quoted && (character == "#" || character == ";") {
                break
            } else if !quoted && (character == " " || character == "\t") {
                pendingSpace.append(character)  // kept only if more value follows
            } else {
                value += pendingSpace
                pendingSpace = ""
                value.append(character)
            }
        }
        return (name, value)
    }
}
