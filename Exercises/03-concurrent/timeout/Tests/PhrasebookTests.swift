import Synchronization
import Testing
@testable import Timeout

/// A wait that ends when the test opens the gate — or with `CancellationError` as soon as
/// the waiting task is cancelled, which the gate remembers.
nonisolated final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var wasCancelled = false
        var reached = false
        var waiter: CheckedContinuation<Void, any Error>?
        var test: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    var wasCancelled: Bool { state.withLock { $0.wasCancelled } }

    func wait() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let (test, result) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Result<Void, any Error>?) in
                    state.reached = true
                    defer { state.test = nil }
                    if state.isOpen { return (state.test, .success(())) }
                    if state.wasCancelled { return (state.test, .failure(CancellationError())) }
                    state.waiter = waiter
                    return (state.test, nil)
                }
                test?.resume()
                if let result { waiter.resume(with: result) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.wasCancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    func open() {
        let waiter = state.withLock { state in
            state.isOpen = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once a task waits at the gate.
    func waitUntilReached() async {
        await withCheckedContinuation { (test: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state in
                if !state.reached { state.test = test }
                return state.reached
            }
            if reached { test.resume() }
        }
    }
}

/// A translation server that answers when its gate opens.
nonisolated struct SlowTranslator: Translator {
    let answer = Gate()

    func translate(_ phrase: String, to language: String) async throws -> String {
        try await answer.wait()
        return "Obrigado"
    }
}

@Test func aQuickAnswerCancelsTheTimer() async throws {
    let timer = Gate()
    let value = try await withDeadline(Deadline { try await timer.wait() }) { "Obrigado" }
    #expect(value == "Obrigado")
    #expect(timer.wasCancelled, "once the answer is in, the timer is cancelled")
}

@Test func aSlowAnswerTimesOut() async {
    let server = SlowTranslator()
    let timer = Gate()
    let translating = Task {
        try await withDeadline(Deadline { try await timer.wait() }) {
            try await server.translate("Thank you", to: "pt")
        }
    }
    await server.answer.waitUntilReached()  // the request is on its way
    timer.open()                            // the deadline passes
    await #expect(throws: TimedOut.self) {
        try await translating.value
    }
    #expect(server.answer.wasCancelled, "the late request is cancelled")
}

@Test func cancellingTheCallerCancelsTheRequest() async {
    let server = SlowTranslator()
    let translating = Task {
        try await withDeadline(Deadline { try await Gate().wait() }) {
            try await server.translate("Thank you", to: "pt")
        }
    }
    await server.answer.waitUntilReached()
    translating.cancel()  // the user left the screen
    #expect(server.answer.wasCancelled,
            "the request is cancelled with its caller: a child task of a task group is, an unstructured `Task { }` isn't")
    server.answer.open()  // if it wasn't, the request would never end: let it, so that the test can
    await #expect(throws: CancellationError.self) {
        try await translating.value
    }
}

@Test func theScreenShowsThePhraseUntranslatedWhenTheServerIsSlow() async {
    let timer = Gate()
    timer.open()
    let screen = PhrasebookModel(translator: SlowTranslator(), deadline: Deadline { try await timer.wait() })
    await screen.show("Thank you", in: "pt")
    #expect(screen.shown == "Thank you (not translated)")
}
