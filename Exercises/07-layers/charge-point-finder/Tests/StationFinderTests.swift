import Foundation
import Synchronization
import Testing
@testable import ChargePointFinder

/// A fake charging network with the charge points `stations`, nearest first.
///
/// With `answersNearestLast`, it answers the round trips for the charge points in reverse:
/// the one for a charge point waits until every one further away has been answered, or until
/// `answerEveryone()`. Round trips made one after another would wait for that.
nonisolated final class FakeNetwork: ChargeNetwork {
    private struct State {
        var asked: [String] = []
        var answered: Set<String> = []
        var waiting: [String: CheckedContinuation<Void, Never>] = [:]
        var holding = true
    }

    private let stations: [(id: String, json: String)]
    private let answersNearestLast: Bool
    private let offline: Set<String>
    private let state = Mutex(State())

    init(_ stations: [(id: String, json: String)], answersNearestLast: Bool = false, offline: Set<String> = []) {
        self.stations = stations
        self.answersNearestLast = answersNearestLast
        self.offline = offline
    }

    @concurrent func stationIDs(near postcode: String) async throws -> [String] {
        guard !offline.contains(postcode) else { throw FinderError.offline }
        return stations.map(\.id)
    }

    /// The charge points asked for so far, in order.
    var asked: [String] { state.withLock { $0.asked } }

    /// From now on, answers every round trip at once, the waiting ones too.
    func answerEveryone() {
        let waiting = state.withLock { state in
            state.holding = false
            defer { state.waiting.removeAll() }
            return state.waiting.values
        }
        waiting.forEach { $0.resume() }
    }

    @concurrent func stationJSON(_ id: String) async throws -> Data {
        guard let index = stations.firstIndex(where: { $0.id == id }) else { throw FinderError.offline }
        state.withLock { $0.asked.append(id) }
        if answersNearestLast {
            let further = stations[(index + 1)...].map(\.id)
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if !state.holding || further.allSatisfy(state.answered.contains) { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
            let nearer = state.withLock { state in
                state.answered.insert(id)
                return index > 0 ? state.waiting.removeValue(forKey: stations[index - 1].id) : nil
            }
            nearer?.resume()
        }
        guard !offline.contains(id) else { throw FinderError.offline }
        return Data(stations[index].json.utf8)
    }
}

private func station(_ id: String, _ name: String, kilowatts: Int, free: Bool) -> (id: String, json: String) {
    (id, #"{"id": "\#(id)", "name": "\#(name)", "kilowatts": \#(kilowatts), "free": \#(free)}"#)
}

private let harbour = [
    station("HB-1", "Harbour car park", kilowatts: 50, free: true),
    station("MK-7", "Market square", kilowatts: 22, free: false),
    station("ST-3", "Station forecourt", kilowatts: 150, free: true),
    station("LB-2", "Library", kilowatts: 11, free: true),
]

/// Runs the jobs of the task that prefers it only when the test says so, on the test's own
/// thread: once it is idle, the finder has got as far as it can without more answers.
nonisolated final class StepExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var finished = false
    }

    private let state = Mutex(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
    }

    func runUntilIdle() {
        while let job = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Called by the task as it ends.
    func finish() {
        state.withLock { $0.finished = true }
    }

    /// Runs jobs until the task has ended, letting other executors run in between.
    func runUntilFinished() async {
        while !state.withLock(\.finished) {
            runUntilIdle()
            await Task.yield()
        }
    }
}

/// Finds the charge points of `network`, which answers the nearest last; returns them with the
/// charge points the finder had asked for by the time it could go no further without help.
private func findAnsweringNearestLast(_ network: FakeNetwork) async throws -> (found: [Station], askedAtOnce: [String]) {
    let steps = StepExecutor()
    let finding = Task(executorPreference: steps) {
        defer { steps.finish() }
        return try await StationFinder(network: network).stations(near: "BS1")
    }
    steps.runUntilIdle()
    let askedAtOnce = network.asked
    // A finder that waits for one answer before the next round trip would wait here for ever:
    // answer everyone, and let it finish.
    network.answerEveryone()
    await steps.runUntilFinished()
    return (try await finding.value, askedAtOnce)
}

@Test func everyChargePointIsAskedForAtOnce() async throws {
    let (found, askedAtOnce) = try await findAnsweringNearestLast(FakeNetwork(harbour, answersNearestLast: true))
    #expect(Set(askedAtOnce) == ["HB-1", "MK-7", "ST-3", "LB-2"],
            "the finder waited for one charge point's answer before asking for the next: the round trips should all be in flight at once")
    #expect(Set(found.map(\.id)) == ["HB-1", "MK-7", "ST-3", "LB-2"])
}

@Test func theListStaysNearestFirst() async throws {
    let (found, _) = try await findAnsweringNearestLast(FakeNetwork(harbour, answersNearestLast: true))
    #expect(found.map(\.id) == ["HB-1", "MK-7", "ST-3", "LB-2"],
            "the charge points are listed in the order the network answered, not nearest first")
    #expect(found.first == Station(id: "HB-1", name: "Harbour car park", kilowatts: 50, isFree: true))
    #expect(found.map(\.isFree) == [true, false, true, true])
}

@Test func aGarbledReplyIsReportedAsUnreadable() async {
    let garbled = (id: "MK-7", json: #"{"id": "MK-7", "name": "Mar"#)
    let finder = StationFinder(network: FakeNetwork([harbour[0], garbled, harbour[2]]))
    await #expect(throws: FinderError.unreadableReply,
                  "a reply that doesn't decode must reach the screen as FinderError.unreadableReply, the contract's error") {
        try await finder.stations(near: "BS1")
    }
}

@Test func anOfflineNetworkIsReportedAsOffline() async {
    let midway = StationFinder(network: FakeNetwork(harbour, offline: ["ST-3"]))
    await #expect(throws: FinderError.offline, "the network was offline, and the screen was told the reply was unreadable") {
        try await midway.stations(near: "BS1")
    }
    let atOnce = StationFinder(network: FakeNetwork(harbour, offline: ["BS1"]))
    await #expect(throws: FinderError.offline) { try await atOnce.stations(near: "BS1") }
}

@Test func nowhereToCharge() async throws {
    #expect(try await StationFinder(network: FakeNetwork([])).stations(near: "ZE2").isEmpty)
}
