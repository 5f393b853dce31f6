import Synchronization
import Testing

@testable import StopSearch

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake directory. Each request waits until the test answers it, even a cancelled one, as a
/// server does; it records which requests were cancelled while they waited.
nonisolated final class ControlledDirectory: StopDirectory {
    private struct State {
        var waiting: [String: CheckedContinuation<[String], Never>] = [:]
        var cancelled: Set<String> = []
        var watchers: [(text: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    func stops(startingWith text: String) async throws -> [String] {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let watchers = state.withLock { state in
                    state.waiting[text] = continuation
                    let ready = state.watchers.filter { $0.text == text }
                    state.watchers.removeAll { $0.text == text }
                    return ready
                }
                watchers.forEach { $0.continuation.resume() }
            }
        } onCancel: {
            _ = state.withLock { $0.cancelled.insert(text) }
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

private let cenStops = ["Cenotaph", "Centenary Square"]
private let centrStops = ["Centraal", "Central Station"]

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
