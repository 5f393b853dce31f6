import Dispatch
import Synchronization
import Testing

@testable import IsolationInTheType

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// Where code runs, asked of the code itself: the main actor runs its jobs on the main dispatch
/// queue, which this key marks; code running anywhere else doesn't see the mark. (Not
/// `#isolation`, which a synchronous closure can't use, nor `Thread.isMainThread`: main-actor
/// code doesn't always run on the main thread.)
nonisolated let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// A plug-in whose filters record, as they run, whether they run on the main actor.
nonisolated final class ProbePlugIn: Sendable {
    private let places = Mutex<[String: String]>([:])

    func filter(_ name: String, adding amount: Float) -> Filter {
        Filter(name: name) { samples in
            self.record(name)
            return samples.map { $0 + amount }
        }
    }

    func record(_ name: String) {
        let onMain = DispatchQueue.getSpecific(key: mainQueueMark) == true
        places.withLock { $0[name] = onMain ? "the main actor" : "off the main actor" }
    }

    /// Where the filter ran, or nil if it never ran.
    func place(of name: String) -> String? {
        places.withLock { $0[name] }
    }
}

@Test func plugInFiltersRunOffTheMainActor() async throws {
    let plugIn = ProbePlugIn()
    let cleanup = MemoCleanup(
        samples: [0.5, -1, 2],
        plugIns: [plugIn.filter("de-ess", adding: 1), plugIn.filter("warmth", adding: 2)])
    await cleanup.clean()
    for name in ["de-ess", "warmth"] {
        let place = try #require(plugIn.place(of: name), "the plug-in's filter '\(name)' never ran")
        #expect(
            place == "off the main actor",
            "the plug-in's filter '\(name)' ran on the main actor, which froze the memo screen: the type of the filters lets their work run on the caller's actor")
    }
}

@Test func aFilterRunsOffTheMainActorWhoeverCallsIt() async {
    let plugIn = ProbePlugIn()
    // Called from the main actor as any async function is: where it runs is up to its type.
    let apply: ([Float]) async -> [Float] = plugIn.filter("de-noise", adding: 1).apply
    #expect(await apply([1, 2]) == [2, 3])
    #expect(
        plugIn.place(of: "de-noise") == "off the main actor",
        "a filter called straight from the main actor ran there: where a filter runs must be said by the type of `apply`, for every caller, not arranged at one call site")
}

@Test func theFiltersRunInOrderAndTheScreenSaysClean() async {
    let plugIn = ProbePlugIn()
    let cleanup = MemoCleanup(samples: [0.5, -1, 2], plugIns: [plugIn.filter("lift", adding: 1)])
    #expect(cleanup.status == "ready")
    await cleanup.clean()
    #expect(cleanup.samples == [1.25, 0.5, 2], "hum removed, normalised, then the plug-in's filter: in that order")
    #expect(cleanup.status == "clean")
}
