/// A table while the file is still being read.
///
/// A class, unlike `TOMLTable`: the parser keeps hold of "the current table" to add keys to it,
/// while a later header must be able to reach the same table again from the root. With values,
/// each key would mean copying the path down to it and writing it back. The tree never leaves
/// `TOMLParser.parse`; `freeze()` turns it into values at the end.
final class TOMLTableNode {
    enum Kind {
        case root
        /// Has its own header, so another `[same]` header is a duplicate.
        case defined
        /// Exists only as the parent in a header like `[a.b]`; TOML still allows one `[a]` later.
        case implicit
    }

    enum Slot {
        case value(TOMLValue)
        case table(TOMLTableNode)
        /// Never empty: the first `[[a]]` creates the array with its first element.
        case arrayOfTables([TOMLTableNode])
    }

    struct Entry {
        var key: String
        var line: Int
        var slot: Slot
    }

    var line: Int
    var kind: Kind
    private(set) var entries: [Entry] = []
    /// Finds a key's entry without a scan, which keeps a large file linear.
    private var indexByKey: [String: Int] = [:]

    init(line: Int, kind: Kind) {
        self.line = line
        self.kind = kind
    }

    func entry(_ key: String) -> Entry? {
        indexByKey[key].map { entries[$0] }
    }

    /// Adds an entry for a key the table doesn't have yet.
    func add(_ entry: Entry) {
        indexByKey[entry.key] = entries.count
        entries.append(entry)
    }

    /// Replaces the entry of a key the table already has, keeping its place in file order.
    func update(_ entry: Entry) {
        guard let index = indexByKey[entry.key] else { return add(entry) }
        entries[index] = entry
    }

    func freeze() -> TOMLTable {
        TOMLTable(
            line: line,
            entries: entries.map { entry in
                let value: TOMLValue =
                    switch entry.slot {
                    case .value(let value): value
                    case .table(let table): .table(table.freeze())
                    case .arrayOfTables(let tables): .array(tables.map { .table($0.freeze()) })
                    }
                return TOMLEntry(key: entry.key, value: value, line: entry.line)
            }
        )
    }
}
