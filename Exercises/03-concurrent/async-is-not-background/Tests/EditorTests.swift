import Synchronization
import Testing
@testable import AsyncIsNotBackground

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// A 3-row photo that notes where each row was read from. `row(_:)` is a `nonisolated` async
/// method, so it runs on its caller's actor, and `#isolation` inside it names that actor.
nonisolated final class ProbedPhoto: PixelSource {
    let rows: [[UInt8]] = [[0, 10, 200, 255], [50, 60, 70, 80], [255, 128, 1, 0]]
    private let callers = Mutex<[String]>([])

    var height: Int { rows.count }
    var rowsWereReadFrom: [String] { callers.withLock { $0 } }

    func row(_ y: Int) async -> [UInt8] {
        let caller = describe(#isolation)
        callers.withLock { $0.append(caller) }
        return rows[y]
    }
}

@Test func filteringRunsOffTheMainActor() async {
    let photo = ProbedPhoto()
    let editor = EditorModel(source: photo)
    await editor.applyFilter(.invert)
    #expect(photo.rowsWereReadFrom == ["no actor", "no actor", "no actor"],
            "where the loop that reads and filters the rows ran")
}

@Test func previewShowsTheFilteredPhoto() async {
    let editor = EditorModel(source: ProbedPhoto())
    await editor.applyFilter(.invert)
    #expect(editor.preview == [[255, 245, 55, 0], [205, 195, 185, 175], [0, 127, 254, 255]])
    await editor.applyFilter(.threshold(100))
    #expect(editor.preview == [[0, 0, 255, 255], [0, 0, 0, 0], [255, 255, 0, 0]])
    await editor.applyFilter(.brighten(by: 100))
    #expect(editor.preview == [[100, 110, 255, 255], [150, 160, 170, 180], [255, 228, 101, 100]])
}

@Test func theScreenStateStaysOnTheMainActor() async {
    MainActor.assertIsolated()
    let editor = EditorModel(source: ProbedPhoto())
    #expect(editor.status == "Ready")
    await editor.applyFilter(.invert)
    // Read synchronously, as the screen does: this compiles only while they are main-actor state.
    #expect(editor.status == "Done")
    #expect(editor.preview.count == 3)
}
