/// Parses the compiler's `-diagnostic-style llvm` output (with `-debug-diagnostic-names`) into
/// `Diagnostic` values.
///
/// That style prints one `file:line:col: severity: message [id] [#Group]` line per diagnostic
/// and per note, followed by a source excerpt we ignore: the renderer draws its own from the
/// file, so the learner sees the same excerpt whatever the compiler's style.
public enum DiagnosticParser {
    public static func parse(_ output: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for line in output.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            guard let diagnostic = parseLine(line) else { continue }
            if diagnostic.severity == .note, !result.isEmpty,
                result[result.count - 1].severity != .note
            {
                result[result.count - 1].notes.append(diagnostic)
            } else {
                result.append(diagnostic)
            }
        }
        return result
    }

    /// The errors and warnings in `output`, each counted once: the compiler repeats some (Swift 5
    /// mode prints type-check warnings twice when one call both emits a module and compiles, and
    /// SwiftPM builds may print a file's diagnostics more than once).
    public static func problems(in output: String) -> [Diagnostic] {
        var seen = Set<String>()
        return parse(output).filter { diagnostic in
            guard diagnostic.severity == .error || diagnostic.severity == .warning else { return false }
            let key = "\(diagnostic.severity):\(diagnostic.file ?? ""):\(diagnostic.line ?? 0):\(diagnostic.column ?? 0):\(diagnostic.message)"
            return seen.insert(key).inserted
        }
    }

    static let severities: [(String, Diagnostic.Severity)] = [
        (" error: ", .error), (" warning: ", .warning), (" note: ", .note), (" remark: ", .remark),
    ]

    /// Parses one header line; nil for excerpt lines, carets and fix-its.
    static func parseLine(_ line: Substring) -> Diagnostic? {
        // Driver messages have no location: "error: unable to …", "warning: …".
        for (word, severity) in severities {
            let bare = word.dropFirst()
            if line.hasPrefix(bare) {
                return makeDiagnostic(severity: severity, file: nil, line: nil, column: nil, text: line.dropFirst(bare.count))
            }
        }
        for (word, severity) in severities {
            guard let range = line.range(of: word) else { continue }
            var location = line[..<range.lowerBound]
            guard location.hasSuffix(":") else { continue }
            location = location.dropLast()
            let text = line[range.upperBound...]
            // location is "path:line:col" or "<unknown>:0"; the path itself may contain colons.
            let parts = location.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
                let file = parts.dropLast(2).joined(separator: ":")
                return makeDiagnostic(severity: severity, file: file, line: lineNumber, column: column, text: text)
            }
            if parts.count >= 2, let lineNumber = Int(parts[parts.count - 1]) {
                let file = parts.dropLast().joined(separator: ":")
                return makeDiagnostic(
                    severity: severity, file: file == "<unknown>" ? nil : file, line: lineNumber == 0 ? nil : lineNumber, column: nil, text: text)
            }
            return nil
        }
        return nil
    }

    static func makeDiagnostic(severity: Diagnostic.Severity, file: String?, line: Int?, column: Int?, text: Substring) -> Diagnostic {
        var message = String(text).trimmingTrailingWhitespace()
        var group: String?
        var identifier: String?
        if let tag = trailingTag(of: message), tag.name.hasPrefix("#") {
            group = String(tag.name.dropFirst())
            message = tag.rest
        }
        if let tag = trailingTag(of: message), isIdentifier(tag.name) {
            identifier = tag.name
            message = tag.rest
        }
        return Diagnostic(severity: severity, file: file, line: line, column: column, message: message, group: group, identifier: identifier)
    }

    /// Splits "message [tag]" into ("tag", "message").
    private static func trailingTag(of message: String) -> (name: String, rest: String)? {
        guard message.hasSuffix("]"), let open = message.lastIndex(of: "[") else { return nil }
        guard open > message.startIndex, message[message.index(before: open)] == " " else { return nil }
        let name = String(message[message.index(after: open)..<message.index(before: message.endIndex)])
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        let rest = String(message[..<message.index(before: open)])
        return (name, rest)
    }

    /// Internal ids are snake case, some with a capital inside (`main_function_must_be_mainActor`).
    private static func isIdentifier(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
            && name.contains("_")
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
