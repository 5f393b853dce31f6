import Dispatch
import Synchronization
import Testing
@testable import AsyncIsNotBackground

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// Where synchronous code runs, for probes that `#isolation` can't help: in a synchronous
/// `nonisolated` function, `#isolation` is always `nil`. The main actor runs its jobs on the
/// main dispatch queue, which this key marks; code running anywhere else doesn't see the mark.
/// (Not `Thread.isMainThread`: main-actor code doesn't always run on the main thread.)
nonisolated let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

nonisolated func describeSynchronousCaller() -> String {
    DispatchQueue.getSpecific(key: mainQueueMark) == true ? "the main actor" : "off the main actor"
}

/// A 3-row photo that notes where each row was read from. `row(_:)` is a `nonisolated` async
/// method, so it runs on its caller's actor, and `#isolation` inside it names that actor.
nonisolated final class ProbedPhoto: PixelSource {
    let rows: [[UInt8]] = [[0, 10, 200, 255], [50, 60, 70, 80], [255, 128, 1, 0]]
    private let callers = Mutex<[String]>([])
    private let cancellations = Mutex<[Bool]>([])

    var height: Int { rows.count }
    var rowsWereReadFrom: [String] { callers.withLock { $0 } }
    /// For each row, whether the task reading it was cancelled.
    var rowsWereReadCancelled: [Bool] { cancellations.withLock { $0 } }

    func row(_ y: Int) async -> [UInt8] {
        let caller = describe(#isolation)
        callers.withLock { $0.append(caller) }
        cancellations.withLock { $0.append(Task.isCancelled) }
        return rows[y]
    }
}

/// The heavy part: an inverting filter that notes where each row was filtered.
nonisolated final class ProbedFilter: Filter {
    private let callers = Mutex<[String]>([])
    var rowsWereFilteredOn: [String] { callers.withLock { $0 } }

    func apply(to row: [UInt8]) -> [UInt8] {
        let caller = describeSynchronousCaller()
        callers.withLock { $0.append(caller) }
        return Invert().apply(to: row)
    }
}

@Test func filteringRunsOffTheMainActor() async {
    let photo = ProbedPhoto()
    let filter = ProbedFilter()
    let editor = EditorModel(source: photo)
    await editor.applyFilter(filter)
    #expect(photo.rowsWereReadFrom == ["no actor", "no actor", "no actor"],
            "where the loop that reads and filters the rows ran")
    #expect(filter.rowsWereFilteredOn == ["off the main actor", "off the main actor", "off the main actor"],
            "the filter itself, the heavy part, must run off the main actor: moving only the reading off it leaves the screen stuttering")
    #expect(editor.preview == [[255, 245, 55, 0], [205, 195, 185, 175], [0, 127, 254, 255]])
}

@Test func theWorkStaysInTheCallersTask() async {
    let photo = ProbedPhoto()
    let editor = EditorModel(source: photo)
    let editing = Task { await editor.applyFilter(Invert()) }
    editing.cancel()  // before it starts: the test holds the main actor until the `await` below
    await editing.value
    #expect(photo.rowsWereReadCancelled == [true, true, true],
            "the rows were read in a new task that the caller's cancellation doesn't reach: `await` a `@concurrent` function, which runs in the caller's task, instead of starting a `Task`")
}

@Test func previewShowsTheFilteredPhoto() async {
    let editor = EditorModel(source: ProbedPhoto())
    await editor.applyFilter(Invert())
    #expect(editor.preview == [[255, 245, 55, 0], [205, 195, 185, 175], [0, 127, 254, 255]])
    await editor.applyFilter(Threshold(level: 100))
    #expect(editor.preview == [[0, 0, 255, 255], [0, 0, 0, 0], [255, 255, 0, 0]])
    await editor.applyFilter(Brighten(amount: 100))
    #expect(editor.preview == [[100, 110, 255, 255], [150, 160, 170, 180], [255, 228, 101, 100]])
}

@Test func theScreenStateStaysOnTheMainActor() async {
    MainActor.assertIsolated()
    let editor = EditorModel(source: ProbedPhoto())
    #expect(editor.status == "Ready")
    await editor.applyFilter(Invert())
    // Read synchronously, as the screen does: this compiles only while they are main-actor state.
    #expect(editor.status == "Done")
    #expect(editor.preview.count == 3)
}

@Test func theProbeRecognizesTheMainActor() async {
    MainActor.assertIsolated()
    #expect(describeSynchronousCaller() == "the main actor", "the tests' own probe must recognize the main actor")
    #expect(await offTheMainActor() == "off the main actor", "the tests' own probe must recognize code off the main actor")
}

@concurrent private func offTheMainActor() async -> String {
    describeSynchronousCaller()
}
