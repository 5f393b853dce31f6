// A photo editor, built in main actor mode. The editor screen shows a preview of the photo
// with the filter the user picked. Real photos have millions of pixels: filtering them takes
// long enough to make the screen stutter.

/// Where a photo's pixels come from: the photo is read from disk one row at a time.
nonisolated protocol PixelSource: Sendable {
    var height: Int { get }
    func row(_ y: Int) async -> [UInt8]
}

/// A filter the user can pick: pure computation on one row of pixels, usable from any
/// isolation domain.
nonisolated protocol Filter: Sendable {
    func apply(to row: [UInt8]) -> [UInt8]
}

nonisolated struct Invert: Filter {
    func apply(to row: [UInt8]) -> [UInt8] { row.map { 255 - $0 } }
}

nonisolated struct Brighten: Filter {
    let amount: UInt8
    func apply(to row: [UInt8]) -> [UInt8] { row.map { $0 > 255 - amount ? 255 : $0 + amount } }
}

nonisolated struct Threshold: Filter {
    let level: UInt8
    func apply(to row: [UInt8]) -> [UInt8] { row.map { $0 >= level ? 255 : 0 } }
}

/// The state behind the editor screen.
final class EditorModel {
    let source: any PixelSource
    private(set) var preview: [[UInt8]] = []
    private(set) var status = "Ready"

    init(source: any PixelSource) {
        self.source = source
    }

    // TODO: a teammate made this method `async` "so that the filter runs in the background".
    // Users say the editor still freezes while a big photo is filtered. The screen's state
    // (`status`, `preview`) is the screen's, on the main actor.
    func applyFilter(_ filter: any Filter) async {
        status = "Applying filter…"
        var rows: [[UInt8]] = []
        for y in 0..<source.height {
            let row = await source.row(y)
            rows.append(filter.apply(to: row))
        }
        preview = rows
        status = "Done"
    }
}
