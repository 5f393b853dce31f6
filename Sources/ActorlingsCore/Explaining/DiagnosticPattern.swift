/// Diagnostics of one shape: the same id (or group) and the same message once the quoted names
/// are set aside, as when a package has a hundred global variables of one kind. `explain
/// --build` prints such a pattern once, with a count and its places.
public struct DiagnosticPattern: Sendable, Equatable {
    /// The message with each quoted name shown as '…'.
    public var message: String
    public var diagnostics: [Diagnostic]

    /// Groups diagnostics by shape, keeping the order in which each shape first appears.
    /// `variant` tells apart diagnostics of one message shape that are explained differently
    /// (their code's shape), so a pattern's advice holds for every place it lists.
    public static func fold(_ diagnostics: [Diagnostic], variant: (Diagnostic) -> String = { _ in "" }) -> [DiagnosticPattern] {
        var order: [String] = []
        var patterns: [String: DiagnosticPattern] = [:]
        for diagnostic in diagnostics {
            let key =
                "\(diagnostic.severity):\(diagnostic.identifier ?? diagnostic.group ?? ""):" + KnowledgeBase.normalized(diagnostic.message) + ":"
                + variant(diagnostic)
            if patterns[key] == nil {
                order.append(key)
                patterns[key] = DiagnosticPattern(message: elided(diagnostic.displayMessage), diagnostics: [])
            }
            patterns[key]?.diagnostics.append(diagnostic)
        }
        return order.compactMap { patterns[$0] }
    }

    /// `var 'count' is not …` → `var '…' is not …`.
    static func elided(_ message: String) -> String {
        var out = ""
        var quoted = false
        for character in message {
            if character == "'" {
                out += quoted ? "…'" : "'"
                quoted.toggle()
            } else if !quoted {
                out.append(character)
            }
        }
        return quoted ? out + "…" : out
    }
}

extension Diagnostic {
    /// The first name the message quotes (`'count'`), which tells the places of a pattern apart.
    var firstQuotedName: String? {
        guard let open = message.firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return "'" + rest[..<close] + "'"
    }
}
