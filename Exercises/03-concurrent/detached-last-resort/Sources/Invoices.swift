// An invoicing app, built in main actor mode. Exporting an invoice renders its pages into a
// PDF: heavy work, which runs off the main actor. Every log line carries the ID of the user
// action behind it, in a task-local value, so that support can follow one export in the logs.

/// The user action being handled. The app binds it with `ActionID.$current.withValue(_:)`
/// around the handling of each tap.
nonisolated enum ActionID {
    @TaskLocal static var current: String?
}

/// Where log lines go.
nonisolated protocol Logger: Sendable {
    func log(_ line: String)
}

/// Where an invoice's pages come from: each is read from the template store.
nonisolated protocol PageSource: Sendable {
    var pageCount: Int { get }
    func page(_ number: Int) async -> String
}

/// Renders every page of an invoice into a PDF. It checks for cancellation between pages.
nonisolated func renderPDF(from source: any PageSource, logger: any Logger) async throws -> [UInt8] {
    var pdf = Array("%PDF-1.7\n".utf8)
    for number in 1...source.pageCount {
        try Task.checkCancellation()
        let page = await source.page(number)
        pdf += Array("\(number) 0 obj (\(page)) endobj\n".utf8)
        logger.log("[\(ActionID.current ?? "no action")] rendered page \(number) of \(source.pageCount)")
    }
    return pdf
}

/// The state behind the invoice screen.
final class InvoiceModel {
    let source: any PageSource
    let logger: any Logger
    private(set) var status = ""

    init(source: any PageSource, logger: any Logger) {
        self.source = source
        self.logger = logger
    }

    // TODO: two reports about exporting invoices. Support can't follow an export in the logs:
    // its rendering lines all say "no action". And a user who cancels an export still waits
    // while every page renders. The screen must stay responsive while the pages render.
    func export() async throws -> [UInt8] {
        status = "Exporting…"
        let pdf = try await Task.detached { [source, logger] in
            try await renderPDF(from: source, logger: logger)
        }.value
        status = "Exported \(pdf.count) bytes"
        return pdf
    }
}
