/// The `kind` and `inside` keys of a `[[construct]]` table.
extension CourseLoader {
    /// `kind = "sleep"` or `kind = ["sleep", "yield"]`, with an optional `inside = "loop"`: one
    /// matcher per kind, all with the same place.
    static func loadKinds(_ table: TOMLTable, reader: inout TableReader) -> [Construct.Matcher] {
        let place = reader.string("inside", required: false)
        var names: [String] = []
        if let entry = table["kind"] {
            if case .string(let name) = entry.value {
                reader.accept("kind")
                names = [name]
            } else {
                names = reader.strings("kind") ?? []
            }
            if names.isEmpty, case .array = entry.value {
                reader.problem("kind", line: entry.line, "name at least one kind: \(Self.kindList)")
            }
        }
        var inside: ConstructKind.Place?
        if let place {
            inside = ConstructKind.Place(rawValue: place)
            if inside == nil {
                let places = ConstructKind.Place.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                reader.problem("inside", line: table["inside"]?.line, "unknown place \"\(place)\"; the places are \(places)")
            }
            if table["kind"] == nil {
                reader.problem("inside", line: table["inside"]?.line, "only applies with `kind`: say which kind must not be there")
            }
        }
        var matchers: [Construct.Matcher] = []
        for name in names {
            guard let kind = ConstructKind(rawValue: name) else {
                var message = "unknown kind \"\(name)\"; the kinds are \(Self.kindList)"
                if let best = Suggestions.closest(to: name, among: ConstructKind.allCases.map(\.rawValue)).first {
                    message += "; did you mean \"\(best)\"?"
                }
                reader.problem("kind", line: table["kind"]?.line, message)
                continue
            }
            if !matchers.contains(.kind(kind, inside: inside)) { matchers.append(.kind(kind, inside: inside)) }
        }
        return matchers
    }

    private static var kindList: String {
        ConstructKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    }
}
