/// One `key = value` of a table, or one table or array of tables hanging under its parent.
///
/// The line travels with the value because every problem a validator finds later ("`time-limit`
/// must be an integer") has to point the course author at the exact line to fix.
public struct TOMLEntry: Sendable, Equatable {
    public var key: String
    public var value: TOMLValue
    /// The 1-based line where the key appears; for a table, the line of its `[header]`; for an
    /// array of tables, the line of its first `[[header]]` (each element has its own `line`).
    public var line: Int
}

/// A table: the file itself, a `[table]`, or one element of an `[[array]]`.
///
/// Entries stay in file order, so whatever is reported about them comes out in the order the
/// author wrote them.
public struct TOMLTable: Sendable, Equatable {
    /// The line of this table's header; 1 for the root table. A table that only exists because a
    /// header named it as a parent (`a` in `[a.b]`, with no `[a]` of its own) has the line of the
    /// header that created it.
    public var line: Int
    /// The entries, in file order.
    public var entries: [TOMLEntry]

    public init(line: Int = 1, entries: [TOMLEntry] = []) {
        self.line = line
        self.entries = entries
    }

    /// The entry for `key`, if there is one.
    ///
    /// A linear search on purpose: course tables hold a handful of keys, and an index kept beside
    /// the public, mutable `entries` could silently go stale.
    public subscript(key: String) -> TOMLEntry? {
        entries.first { $0.key == key }
    }

    /// The keys, in file order.
    public var keys: [String] {
        entries.map(\.key)
    }
}
