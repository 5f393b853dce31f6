/// Reads typed values out of a TOML table and records a `CourseProblem` for each missing,
/// mistyped or unknown key, so the loader reports every problem in one pass.
struct TableReader {
    let table: TOMLTable
    let file: String
    /// "step 2" or "construct 'x'": prefixed to keys in messages so the author finds the table.
    let context: String?
    private(set) var problems: [CourseProblem] = []
    private var used: Set<String> = []

    init(_ table: TOMLTable, file: String, context: String? = nil) {
        self.table = table
        self.file = file
        self.context = context
    }

    private func keyName(_ key: String) -> String {
        context.map { "\($0).\(key)" } ?? key
    }

    mutating func problem(_ key: String?, line: Int? = nil, _ message: String) {
        problems.append(
            CourseProblem(
                file: file, line: line ?? key.flatMap { table[$0]?.line } ?? table.line,
                key: key.map(keyName), message: message))
    }

    private mutating func entry(_ key: String, required: Bool) -> TOMLEntry? {
        used.insert(key)
        guard let entry = table[key] else {
            if required { problem(key, line: table.line, "missing; add `\(key) = …`") }
            return nil
        }
        return entry
    }

    private mutating func mistyped(_ entry: TOMLEntry, expected: String) {
        problem(entry.key, line: entry.line, "expected \(expected), found \(entry.value.typeName)")
    }

    mutating func string(_ key: String, required: Bool = true, nonEmpty: Bool = true) -> String? {
        guard let entry = entry(key, required: required) else { return nil }
        guard case .string(let value) = entry.value else {
            mistyped(entry, expected: "a string")
            return nil
        }
        if nonEmpty && value.allSatisfy(\.isWhitespace) {
            problem(key, line: entry.line, "must not be empty")
            return nil
        }
        return value
    }

    mutating func integer(_ key: String, required: Bool = true) -> (value: Int, line: Int)? {
        guard let entry = entry(key, required: required) else { return nil }
        guard case .integer(let value) = entry.value else {
            mistyped(entry, expected: "an integer")
            return nil
        }
        return (value, entry.line)
    }

    mutating func boolean(_ key: String, required: Bool = true) -> Bool? {
        guard let entry = entry(key, required: required) else { return nil }
        guard case .boolean(let value) = entry.value else {
            mistyped(entry, expected: "true or false")
            return nil
        }
        return value
    }

    mutating func strings(_ key: String, required: Bool = true) -> [String]? {
        guard let entry = entry(key, required: required) else { return nil }
        guard case .array(let values) = entry.value else {
            mistyped(entry, expected: "an array of strings")
            return nil
        }
        var result: [String] = []
        for value in values {
            guard case .string(let text) = value else {
                mistyped(entry, expected: "an array of strings")
                return nil
            }
            result.append(text)
        }
        return result
    }

    mutating func table(_ key: String, required: Bool = true) -> TOMLTable? {
        guard let entry = entry(key, required: required) else { return nil }
        guard case .table(let value) = entry.value else {
            mistyped(entry, expected: "a table ([\(key)])")
            return nil
        }
        return value
    }

    mutating func tables(_ key: String, required: Bool = true) -> [TOMLTable]? {
        guard let entry = entry(key, required: required) else { return nil }
        guard case .array(let values) = entry.value else {
            mistyped(entry, expected: "an array of tables ([[\(key)]])")
            return nil
        }
        var result: [TOMLTable] = []
        for value in values {
            guard case .table(let table) = value else {
                mistyped(entry, expected: "an array of tables ([[\(key)]])")
                return nil
            }
            result.append(table)
        }
        return result
    }

    /// Takes `key` as known without reading it: a key reported by a message of its own.
    mutating func accept(_ key: String) {
        used.insert(key)
    }

    /// Reports every key nobody asked for, with a suggestion when it looks like a known one.
    mutating func reportUnknownKeys(hint: String? = nil) {
        for entry in table.entries where !used.contains(entry.key) {
            var message = "unknown key"
            if let best = Suggestions.closest(to: entry.key, among: Array(used)).first {
                message += "; did you mean '\(best)'?"
            } else if let hint {
                message += "; \(hint)"
            }
            problem(entry.key, line: entry.line, message)
        }
    }
}
