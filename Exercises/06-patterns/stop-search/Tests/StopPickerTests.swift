import InterleavingHarness
import Synchronization
import Testing

@testable import StopSearch

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake directory. Each request waits until the test answers it. A request whose task is
/// cancelled meanwhile waits for its answer all the same, as a server does, or, built with
/// `failsWhenCancelled`, ends at once with an error of the library's own, as URLSession's requests
/// do (`URLError(.cancelled)`). It records which requests were cancelled while they waited.
nonisolated final class ControlledDirectory: StopDirectory {
    private struct State {
        var waiting: [String: CheckedContinuation<[String], any Error>] = [:]
        var cancelled: Set<String> = []
        var watchers: [(text: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// The error a request cancelled while it waits ends with, when the directory fails then.
    struct RequestCancelled: Error {}

    private let state = Mutex(State())
    private let failsWhenCancelled: Bool

    init(failsWhenCancelled: Bool = false) {
        self.failsWhenCancelled = failsWhenCancelled
    }

    func stops(startingWith text: String) async throws -> [String] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (watchers, failNow) = state.withLock { state in
                    let failNow = failsWhenCancelled && state.cancelled.contains(text)
                    if !failNow { state.waiting[text] = continuation }
                    let ready = state.watchers.filter { $0.text == text }
                    state.watchers.removeAll { $0.text == text }
                    return (ready, failNow)
                }
                watchers.forEach { $0.continuation.resume() }
                if failNow { continuation.resume(throwing: RequestCancelled()) }
            }
        } onCancel: {
            let request = state.withLock { state in
                state.cancelled.insert(text)
                return failsWhenCancelled ? state.waiting.removeValue(forKey: text) : nil
            }
            request?.resume(throwing: RequestCancelled())
        }
    }

    /// Returns once a request for `text` is waiting.
    func waitForRequest(_ text: String) async {
        await withCheckedContinuation { continuation in
            let waiting = state.withLock { state in
                if state.waiting[text] != nil { return true }
                state.watchers.append((text, continuation))
                return false
            }
            if waiting { continuation.resume() }
        }
    }

    /// Answers the waiting request for `text`.
    func answer(_ text: String, with stops: [String]) {
        let request = state.withLock { $0.waiting.removeValue(forKey: text) }
        request?.resume(returning: stops)
    }

    /// Answers every waiting request with nothing: the clean-up after a test.
    func answerEverything() {
        let requests = state.withLock { state in
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        requests.forEach { $0.resume(returning: []) }
    }

    func wasCancelled(_ text: String) -> Bool {
        state.withLock { $0.cancelled.contains(text) }
    }
}

/// Lets the main actor run what is queued on it until `done()` holds, for at most a thousand turns.
func settle(until done: () -> Bool = { false }) async {
    var turns = 0
    while !done() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
}

nonisolated private let cenStops = ["Cenotaph", "Centenary Square"]
nonisolated private let centrStops = ["Centraal", "Central Station"]

@Test func theStopsOfTheTextAreShown() async {
    let directory = ControlledDirectory()
    defer { directory.answerEverything() }
    let picker = StopPicker(directory: directory)
    picker.textChanged(to: "Cen")
    await directory.waitForRequest("Cen")
    directory.answer("Cen", with: cenStops)
    await picker.lookup?.value
    #expect(picker.suggestions == cenStops)
}

@Test func anOlderAnswerNeverReplacesANewerOne() async {
    let directory = ControlledDirectory()
    defer { directory.answerEverything() }
    let picker = StopPicker(directory: directory)
    picker.textChanged(to: "Cen")
    await directory.waitForRequest("Cen")
    picker.textChanged(to: "Centr")
    await directory.waitForRequest("Centr")
    directory.answer("Centr", with: centrStops)
    await picker.lookup?.value
    #expect(picker.suggestions == centrStops)
    directory.answer("Cen", with: cenStops)  // the server answers the older request last
    await settle()
    #expect(
        picker.suggestions == centrStops,
        "the list went back to the stops of \"Cen\" after showing those of \"Centr\": an answer for a text the rider has typed past was still shown")
}

@Test func typingPastATextCancelsItsLookup() async {
    let directory = ControlledDirectory()
    defer { directory.answerEverything() }
    let picker = StopPicker(directory: directory)
    picker.textChanged(to: "Cen")
    await directory.waitForRequest("Cen")
    picker.textChanged(to: "Centr")
    await directory.waitForRequest("Centr")
    #expect(
        directory.wasCancelled("Cen"),
        "the rider typed past \"Cen\", and its lookup is still waiting for the server: cancel it")
    #expect(!directory.wasCancelled("Centr"), "the lookup of the text in the field was cancelled")
    directory.answer("Centr", with: centrStops)
    await picker.lookup?.value
    #expect(picker.suggestions == centrStops)
}

@Test func closingThePickerCancelsItsLookup() async {
    let directory = ControlledDirectory()
    defer { directory.answerEverything() }
    let picker = StopPicker(directory: directory)
    picker.textChanged(to: "Cen")
    await directory.waitForRequest("Cen")
    picker.close()
    #expect(
        directory.wasCancelled("Cen"),
        "the picker was closed, and its lookup is still waiting for the server: cancel it")
    directory.answer("Cen", with: cenStops)
    await settle()
    #expect(picker.suggestions.isEmpty, "a lookup answered after the picker closed still changed its list")
}

/// How the rider leaves a lookup behind while it waits for the server.
enum LeftBehind: String, CaseIterable, CustomTestStringConvertible {
    case typingPast = "typing past it"
    case closing = "closing the picker"

    var testDescription: String { rawValue }
}

/// The directory ends a cancelled request at once with an error, as URLSession does: the lookup
/// left behind writes nothing, whichever way its request ends, and the list keeps the stops it
/// showed.
@Test(arguments: LeftBehind.allCases)
func aLookupLeftBehindWritesNothingWhenItsRequestFails(_ leftBehind: LeftBehind) async {
    let directory = ControlledDirectory(failsWhenCancelled: true)
    defer { directory.answerEverything() }
    let picker = StopPicker(directory: directory)
    picker.textChanged(to: "Cen")
    await directory.waitForRequest("Cen")
    directory.answer("Cen", with: cenStops)
    await picker.lookup?.value
    picker.textChanged(to: "Centr")
    await directory.waitForRequest("Centr")
    let centr = picker.lookup
    switch leftBehind {
    case .typingPast: picker.textChanged(to: "Centra")
    case .closing: picker.close()
    }
    guard directory.wasCancelled("Centr") else {
        directory.answer("Centr", with: centrStops)  // lets a lookup that nobody cancelled end
        await centr?.value
        Issue.record("the rider left the lookup of “Centr” behind by \(leftBehind.rawValue), and it was still waiting for the server: cancel it")
        return
    }
    await centr?.value
    #expect(
        picker.suggestions == cenStops,
        "the list changed to \(picker.suggestions) when the lookup of “Centr” was cancelled by \(leftBehind.rawValue): the directory ended the cancelled request with an error, as URLSession does, and the lookup's error path wrote the list all the same. A lookup that is cancelled writes nothing, whichever way its request ends"
    )
}

/// A directory whose server answers each request a while later, in the schedule's order, a
/// cancelled request too (as a server does), and notes each step in the trace a failing schedule
/// shows.
nonisolated final class SlowDirectory: StopDirectory {
    func stops(startingWith text: String) async throws -> [String] {
        Interleavings.note("asks the server", by: "lookup “\(text)”")
        let found = await withCheckedContinuation { continuation in
            Interleavings.later {
                Interleavings.note("answers “\(text)”", by: "server")
                continuation.resume(returning: stopsStartingWith[text] ?? [])
            }
        }
        Interleavings.note(Task.isCancelled ? "gets its answer, cancelled" : "gets its answer", by: "lookup “\(text)”")
        return found
    }
}

nonisolated private let stopsStartingWith = ["Cen": cenStops, "Centr": centrStops]

/// What the list shows, in the words of the trace.
nonisolated private func describe(_ list: [String]) -> String {
    switch list {
    case []: "nothing"
    case cenStops: "the stops for “Cen”"
    case centrStops: "the stops for “Centr”"
    default: "\(list)"
    }
}

/// The rider types `text`: returns what the list showed right then, and the lookup it started.
private func type(_ text: String, into picker: StopPicker) -> (shown: [String], lookup: Task<Void, Never>?) {
    picker.textChanged(to: text)
    Interleavings.note("types “\(text)”; the list shows \(describe(picker.suggestions))")
    return (picker.suggestions, picker.lookup)
}

/// The rider closes the picker: returns what the list showed right then.
private func close(_ picker: StopPicker) -> [String] {
    picker.close()
    Interleavings.note("closes the picker, which shows \(describe(picker.suggestions))")
    return picker.suggestions
}

/// The rider types "Cen", then "Centr", then closes the picker, while the server answers in a
/// hundred orders (seeded, the same on every machine), the main actor taking its turns among the
/// other steps as if busy drawing the screen. Whatever the order, a lookup that was replaced
/// writes nothing: once the rider has typed past "Cen" the list shows what it showed then or the
/// stops for "Centr", and once the picker is closed it no longer changes.
@Test func aReplacedLookupNeverWritesInAnyOrder() async {
    await Interleavings.explore(schedules: 100, schedulesMainActor: true) {
        let picker = await StopPicker(directory: SlowDirectory())
        try await Interleavings.concurrently([
            (
                "rider",
                {
                    // A few pauses between the rider's steps: a lookup that does more before it
                    // reaches the server (a helper that trims the text first) still meets them.
                    let cen = await type("Cen", into: picker)
                    for _ in 1...3 { await Interleavings.pause() }
                    let centr = await type("Centr", into: picker)
                    for _ in 1...3 { await Interleavings.pause() }
                    let shownAtClose = await close(picker)
                    try Interleavings.check(
                        shownAtClose == centr.shown || shownAtClose == centrStops,
                        "the list showed \(describe(shownAtClose)) after the rider typed past “Cen”: the lookup it replaced still wrote its answer. Make the lookup check that it is still the current one on the main actor, right before it writes"
                    )
                    for lookup in [cen.lookup, centr.lookup] { await lookup?.value }
                    let shownAtEnd = await picker.suggestions
                    try Interleavings.check(
                        shownAtEnd == shownAtClose,
                        "the list changed to \(describe(shownAtEnd)) after the picker closed: a lookup answered later still wrote. Make the lookup check that it is still the current one on the main actor, right before it writes"
                    )
                }
            )
        ])
    }
}
