/// One compiler diagnostic, as a value: where, how bad, what it says, and how to look it up.
public struct Diagnostic: Sendable, Equatable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning, note, remark
    }

    public var severity: Severity
    /// The file as the compiler printed it (absolute), or nil for driver-level messages.
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The message without the trailing `[id]` and `[#Group]` tags.
    public var message: String
    /// The documentation group, e.g. `SendingRisksDataRace` for `[#SendingRisksDataRace]`.
    public var group: String?
    /// The compiler's internal id, e.g. `actor_isolated_non_self_reference`: stable even when a
    /// diagnostic has no group and its quoted names change.
    public var identifier: String?
    public var notes: [Diagnostic]
    /// Set when the diagnostic comes from the extra Swift 6 check of a migration exercise.
    public var swift6Check: Bool? = nil

    public init(
        severity: Severity, file: String? = nil, line: Int? = nil, column: Int? = nil,
        message: String, group: String? = nil, identifier: String? = nil, notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.group = group
        self.identifier = identifier
        self.notes = notes
    }

    /// The page of the Swift compiler's documentation for this diagnostic's group.
    public var documentationURL: String? {
        group.map { "https://docs.swift.org/compiler/documentation/diagnostics/" + Self.kebabCase($0) }
    }

    /// The message as the compiler shows it to users: with the group tag, without the id.
    public var displayMessage: String {
        group.map { "\(message) [#\($0)]" } ?? message
    }

    /// True when `token` names this diagnostic's group or internal id.
    public func matches(_ token: String) -> Bool {
        token == group || token == identifier
    }

    /// `SendingRisksDataRace` → `sending-risks-data-race`.
    public static func kebabCase(_ name: String) -> String {
        var result = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    result.append("-")
                }
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}
