/// Puts each key and header where TOML says it belongs, and refuses what TOML forbids: a key set
/// twice, a table defined twice, a key reused as a table.
///
/// Kept apart from the cursor so that the rules about *where* things go are in one place and the
/// cursor only knows how things are *written*.
struct TOMLDocumentBuilder {
    private let root = TOMLTableNode(line: 1, kind: .root)
    /// The table that `key = value` lines go into: the one named by the last header.
    private var current: TOMLTableNode

    init() {
        current = root
    }

    func finish() -> TOMLTable {
        root.freeze()
    }

    /// Adds `key = value` to the current table.
    func set(_ key: TOMLKey, to value: TOMLValue) throws(TOMLError) {
        if let existing = current.entry(key.name) {
            let what =
                switch existing.slot {
                case .value: "set on line \(existing.line)"
                case .table: "a table, from the header on line \(existing.line)"
                case .arrayOfTables: "an array of tables, from the header on line \(existing.line)"
                }
            throw Self.error(
                "duplicate key '\(key.name)': it is already \(what); each key may appear only once in a table",
                at: key.location
            )
        }
        current.add(TOMLTableNode.Entry(key: key.name, line: key.location.line, slot: .value(value)))
    }

    /// Makes the table a header names the current one, creating it and its parents as needed.
    mutating func open(_ header: TOMLHeader) throws(TOMLError) {
        guard let last = header.keys.last else { return }
        var parent = root
        for key in header.keys.dropLast() {
            parent = try descend(into: key, of: parent, for: header)
        }
        current =
            header.isArrayOfTables
            ? try appendElement(last, to: parent, for: header)
            : try define(last, in: parent, for: header)
    }

    /// Finds or creates the parent table `key` of a dotted header. Through an array of tables it
    /// goes to the last element, so `[step.extra]` after `[[step]]` belongs to that step.
    private func descend(into key: TOMLKey, of table: TOMLTableNode, for header: TOMLHeader) throws(TOMLError)
        -> TOMLTableNode
    {
        guard let entry = table.entry(key.name) else {
            let child = TOMLTableNode(line: header.location.line, kind: .implicit)
            table.add(TOMLTableNode.Entry(key: key.name, line: header.location.line, slot: .table(child)))
            return child
        }
        switch entry.slot {
        case .table(let child):
            return child
        case .arrayOfTables(let elements):
            if let element = elements.last { return element }
            return append(to: table, entry, elements: elements, line: header.location.line)
        case .value(let value):
            throw Self.error(
                "'\(key.name)' is already \(value.typeNameWithArticle), set on line \(entry.line), "
                    + "so the header \(header.display) can't use it as a table",
                at: key.location
            )
        }
    }

    /// A new table for the last key of a header that names nothing yet: the table itself, or the
    /// first element of a new array of tables.
    private func add(_ key: TOMLKey, to table: TOMLTableNode, line: Int, asArray: Bool) -> TOMLTableNode {
        let child = TOMLTableNode(line: line, kind: .defined)
        table.add(TOMLTableNode.Entry(key: key.name, line: line, slot: asArray ? .arrayOfTables([child]) : .table(child)))
        return child
    }

    /// Handles the last key of a `[table]` header.
    private func define(_ key: TOMLKey, in table: TOMLTableNode, for header: TOMLHeader) throws(TOMLError)
        -> TOMLTableNode
    {
        let line = header.location.line
        guard let entry = table.entry(key.name) else { return add(key, to: table, line: line, asArray: false) }
        switch entry.slot {
        case .table(let child) where child.kind == .implicit:
            // The table so far existed only as a parent; its own header now gives it its line.
            child.kind = .defined
            child.line = line
            table.update(TOMLTableNode.Entry(key: key.name, line: line, slot: entry.slot))
            return child
        case .table(let child):
            throw Self.error(
                "duplicate table \(header.display): it is already defined on line \(child.line); "
                    + "put all of its keys under one header",
                at: header.location
            )
        case .arrayOfTables:
            throw Self.error(
                "\(header.display) is already an array of tables, started on line \(entry.line); "
                    + "write [\(header.display)] to add another element",
                at: header.location
            )
        case .value(let value):
            throw Self.error(
                "key '\(key.name)' is already set on line \(entry.line) (\(value.typeNameWithArticle)), "
                    + "so it can't also be the table \(header.display)",
                at: header.location
            )
        }
    }

    /// Handles the last key of an `[[array of tables]]` header: a new element at the end.
    private func appendElement(_ key: TOMLKey, to table: TOMLTableNode, for header: TOMLHeader) throws(TOMLError)
        -> TOMLTableNode
    {
        let line = header.location.line
        guard let entry = table.entry(key.name) else { return add(key, to: table, line: line, asArray: true) }
        switch entry.slot {
        case .arrayOfTables(let elements):
            return append(to: table, entry, elements: elements, line: line)
        case .table(let child):
            throw Self.error(
                "\(header.display) can't add an element to '\(key.name)': it is a table, from the header on line "
                    + "\(child.line); use either [\(key.name.tomlKeyDisplay)] or [[\(key.name.tomlKeyDisplay)]] headers, not both",
                at: header.location
            )
        case .value(.array):
            throw Self.error(
                "\(header.display) can't add an element to '\(key.name)': it is a plain array, set on line "
                    + "\(entry.line); use either '\(key.name) = [...]' or [[\(key.name.tomlKeyDisplay)]] headers, not both",
                at: header.location
            )
        case .value(let value):
            throw Self.error(
                "key '\(key.name)' is already set on line \(entry.line) (\(value.typeNameWithArticle)), "
                    + "so it can't also be the array of tables \(header.display)",
                at: header.location
            )
        }
    }

    private func append(
        to table: TOMLTableNode,
        _ entry: TOMLTableNode.Entry,
        elements: [TOMLTableNode],
        line: Int
    ) -> TOMLTableNode {
        let element = TOMLTableNode(line: line, kind: .defined)
        table.update(TOMLTableNode.Entry(key: entry.key, line: entry.line, slot: .arrayOfTables(elements + [element])))
        return element
    }

    private static func error(_ message: String, at location: TOMLLocation) -> TOMLError {
        TOMLError(line: location.line, column: location.column, message: message)
    }
}
