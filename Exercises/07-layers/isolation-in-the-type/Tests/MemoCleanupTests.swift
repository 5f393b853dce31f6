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

@Test func theFiltersRunInOrderAndTheScreenSaysClean() async {
    let plugIn = ProbePlugIn()
    let cleanup = MemoCleanup(samples: [0.5, -1, 2], plugIns: [plugIn.filter("lift", adding: 1)])
    #expect(cleanup.status == "ready")
    await cleanup.clean()
    #expect(cleanup.samples == [1.25, 0.5, 2], "hum removed, normalised, then the plug-in's filter: in that order")
    #expect(cleanup.status == "clean")
}
