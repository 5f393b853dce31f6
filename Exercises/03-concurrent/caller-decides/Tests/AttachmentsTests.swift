import Dispatch
import Synchronization
import Testing
@testable import CallerDecides

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

/// The heavy part of compressing: an averaging downsampler that notes where it ran.
nonisolated final class ProbedDownsampler: Downsampler {
    private let calls = Mutex<[String]>([])
    var callers: [String] { calls.withLock { $0 } }

    func downsample(_ bytes: [UInt8], by factor: Int) -> [UInt8] {
        let caller = describeSynchronousCaller()
        calls.withLock { $0.append(caller) }
        return AveragingDownsampler().downsample(bytes, by: factor)
    }
}

/// A store holding one 6-byte photo that notes where it was called from. Its methods are
/// `nonisolated` async methods: they run on their caller's actor, and `#isolation` names it.
nonisolated final class ProbedStore: AttachmentStore {
    private let calls = Mutex<[String]>([])
    var callers: [String] { calls.withLock { $0 } }
    /// For each read of a photo's bytes, whether the task reading it was cancelled.
    private let cancellations = Mutex<[Bool]>([])
    var bytesWereReadCancelled: [Bool] { cancellations.withLock { $0 } }

    func size(of attachmentID: Int) async -> Int {
        let caller = describe(#isolation)
        calls.withLock { $0.append("size from \(caller)") }
        return 6
    }

    func bytes(of attachmentID: Int) async -> [UInt8] {
        let caller = describe(#isolation)
        calls.withLock { $0.append("bytes from \(caller)") }
        cancellations.withLock { $0.append(Task.isCancelled) }
        return [10, 20, 30, 50, 255, 255]
    }
}

/// The queue of outgoing messages: an actor of its own, outside the main actor.
actor OutgoingQueue {
    let pipeline: AttachmentPipeline

    init(pipeline: AttachmentPipeline) {
        self.pipeline = pipeline
    }

    func prepare(_ attachmentID: Int) async -> (label: String, compressed: [UInt8]) {
        let label = await pipeline.label(for: attachmentID, kind: "photo")
        let compressed = await pipeline.compress(attachmentID, factor: 3)
        return (label, compressed)
    }
}

@Test func compressionAveragesRunsOfBytes() async {
    let pipeline = AttachmentPipeline(store: ProbedStore())
    #expect(await pipeline.compress(1, factor: 2) == [15, 40, 255])
    #expect(await pipeline.compress(1, factor: 4) == [27, 255])
}

@Test func compressionLeavesTheMainActor() async {
    let store = ProbedStore()
    let downsampler = ProbedDownsampler()
    let compressed = await AttachmentPipeline(store: store, downsampler: downsampler).compress(1, factor: 2)
    #expect(compressed == [15, 40, 255])
    #expect(store.callers == ["bytes from no actor"],
            "where the photo was read: a `nonisolated` async function runs on its caller's actor")
    #expect(downsampler.callers == ["off the main actor"],
            "where the photo was downsampled: the heavy part itself must leave the caller's actor, not only the reading")
}

@Test func compressionStaysInTheCallersTask() async {
    let store = ProbedStore()
    let pipeline = AttachmentPipeline(store: store)
    let sending = Task { await pipeline.compress(1, factor: 2) }
    sending.cancel()  // before it starts: the test holds the main actor until the `await` below
    _ = await sending.value
    #expect(store.bytesWereReadCancelled == [true],
            "the photo was read in a new task that the caller's cancellation doesn't reach: `@concurrent` moves the function itself, in the caller's task; `Task { }` starts a new one")
}

@Test func compressionLeavesAnyOtherActor() async {
    let store = ProbedStore()
    let queue = OutgoingQueue(pipeline: AttachmentPipeline(store: store))
    let prepared = await queue.prepare(1)
    #expect(prepared.compressed == [20, 186])
    #expect(store.callers.last == "bytes from no actor",
            "where the photo was read: a `nonisolated` async function runs on its caller's actor, whichever it is")
}

@Test func labelsRunWhereTheirCallerRuns() async {
    let store = ProbedStore()
    let label = await AttachmentPipeline(store: store).label(for: 1, kind: "photo")
    #expect(label == "photo · 6 bytes")
    let prepared = await OutgoingQueue(pipeline: AttachmentPipeline(store: store)).prepare(1)
    #expect(prepared.label == "photo · 6 bytes")
    #expect(store.callers.filter { $0.hasPrefix("size") } == ["size from the main actor", "size from OutgoingQueue"],
            "the label is cheap: it runs where its caller runs, and making it `@concurrent` too would send it to the thread pool and back for nothing")
}

@Test func theProbeRecognizesTheMainActor() async {
    MainActor.assertIsolated()
    #expect(describeSynchronousCaller() == "the main actor", "the tests' own probe must recognize the main actor")
    #expect(await offTheMainActor() == "off the main actor", "the tests' own probe must recognize code off the main actor")
}

@concurrent private func offTheMainActor() async -> String {
    describeSynchronousCaller()
}
