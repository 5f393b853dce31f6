// swiftc-flags:
@globalActor actor DatabaseActor {
    static let shared = DatabaseActor()
}

/// Exports a report in some format.
protocol ReportExporter {
    func fileName() -> String
    func export() -> String
}

/// Each witness got a different isolation over time.
final class CSVExporter: ReportExporter {
    @MainActor func fileName() -> String { "report.csv" }
    @DatabaseActor func export() -> String { "" }
}
