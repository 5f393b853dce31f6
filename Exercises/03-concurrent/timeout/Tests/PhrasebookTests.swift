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

/// A moment the test waits for: `wait()` returns once someone called `fire()`, cancelled or not.
nonisolated final class Signal: Sendable {
    private struct State {
        var fired = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    func fire() {
        let waiters = state.withLock { state in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let fired = state.withLock { state in
                if !state.fired { state.waiters.append(waiter) }
                return state.fired
            }
            if fired { waiter.resume() }
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

/// Returns as soon as `condition` holds, or `false` after two seconds. The deadline only bounds
/// how long a wrong answer makes a test wait — the test then opens the gate that answer left
/// closed, and fails, instead of waiting for it for ever: a right answer returns at once.
private func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(2)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

@Test func aQuickAnswerCancelsTheTimer() async throws {
    let timer = Gate()
    let translating = Task { try await withDeadline(Deadline { try await timer.wait() }) { "Obrigado" } }
    await timer.waitUntilReached()
    let cancelled = await eventually { timer.wasCancelled }
    timer.open()  // if it wasn't, the call would wait for the timer forever: let it end
    #expect(cancelled, "once the answer is in, the timer is cancelled: a group waits for all its child tasks before it returns")
    #expect(try await translating.value == "Obrigado")
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
    let cancelled = await eventually { server.answer.wasCancelled }
    server.answer.open()  // if it wasn't, the request would never end: let it, so that the test can
    #expect(cancelled, "the late request is cancelled")
    await #expect(throws: TimedOut.self, "the deadline passed, yet the call waited for the answer") {
        try await translating.value
    }
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

@Test func aCancelledCallerIsToldItWasCancelledNotThatItTimedOut() async {
    let timer = Gate()
    let timerStopped = Signal()
    let translating = Task {
        try await withDeadline(
            Deadline {
                do {
                    try await timer.wait()
                } catch {
                    timerStopped.fire()
                    throw error
                }
            }
        ) { () async throws -> String in
            // A request that notices its cancellation only after the timer has stopped.
            await timerStopped.wait()
            throw CancellationError()
        }
    }
    await timer.waitUntilReached()
    translating.cancel()  // the user left the screen before the deadline
    if !timer.wasCancelled {
        // The timer is nobody's child, so the cancellation did not reach it (another test says
        // so): let the race end.
        timerStopped.fire()
        timer.open()
    }
    await #expect(
        throws: CancellationError.self,
        "the caller was cancelled before the deadline, yet withDeadline threw something else: the timer's wait ended with CancellationError, and a timer that was cancelled is no timeout — let its error through, don't turn it into TimedOut"
    ) {
        try await translating.value
    }
}

@Test func theScreenShowsThePhraseUntranslatedWhenTheServerIsSlow() async {
    let timer = Gate()
    timer.open()
    let translator = SlowTranslator()
    let screen = PhrasebookModel(translator: translator, deadline: Deadline { try await timer.wait() })
    let showing = Task { await screen.show("Thank you", in: "pt") }
    _ = await eventually { translator.answer.wasCancelled }
    translator.answer.open()  // a request that was not cancelled ends now, too late
    await showing.value
    #expect(screen.shown == "Thank you (not translated)")
}
