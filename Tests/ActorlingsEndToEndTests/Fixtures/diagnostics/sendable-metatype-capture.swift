// swiftc-flags:
/// A database migration, identified by its type.
protocol Migration {
    static func run()
}

func runInBackground<M: Migration>(_ migration: M.Type) {
    Task { @concurrent in
        M.run()
    }
}
