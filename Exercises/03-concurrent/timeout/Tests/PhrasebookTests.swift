import InterleavingHarness
import Synchronization
import Testing

@testable import Timeout

/// The harness's moment (the server's answer, the deadline), named here so that a type of the
/// learner's own called `Moment` can't make the tests ambiguous.
typealias Moment = InterleavingHarness.Moment

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
    timer.open()  // the deadline passes
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
    #expect(
        server.answer.wasCancelled,
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

/// The app's own deadline, in a task that is cancelled: its wait ends at once with
/// `CancellationError`, as `Task.sleep` does, never as if the time were up. (The other tests use
/// deadlines they control; this one runs the app's, and never waits for it.)
@Test func theAppsDeadlineEndsWithItsCancellation() async {
    let waiting = Task { try await Deadline.seconds(60).wait() }
    waiting.cancel()  // the user leaves the screen long before the minute is up
    await #expect(
        throws: CancellationError.self,
        "Deadline.seconds(60).wait() returned in a cancelled task as if the minute were up: the sleep's CancellationError was thrown away, and withDeadline's timer then throws TimedOut to a caller that was cancelled — a timer that was cancelled is no timeout, let the sleep's error through"
    ) {
        try await waiting.value
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

/// The answer and the deadline arrive in every order, two hundred of them (seeded, the same on
/// every machine): one a step or two before the other, at once, late. Whichever ends its wait
/// first decides what the call gives, and by the time the call returns the other is stopped.
@Test func theFirstToFinishDecidesAndTheOtherStops() async {
    await Interleavings.explore(schedules: 200) {
        let answer = Moment("the answer")
        let deadline = Moment("the deadline")
        let finished = Mutex<[String]>([])
        @Sendable func translating() async throws {
            let outcome: String
            do {
                let phrase = try await withDeadline(
                    Deadline {
                        try await deadline.wait()
                        finished.withLock { $0.append("the deadline") }
                    }
                ) {
                    try await answer.wait()
                    finished.withLock { $0.append("the answer") }
                    return "Obrigado"
                }
                outcome = "the answer"
                Interleavings.note("shows \(phrase)")
            } catch is TimedOut {
                outcome = "the deadline"
                Interleavings.note("shows the phrase untranslated")
            } catch {
                throw Interleavings.Violation(
                    "withDeadline threw \(error): only the deadline (TimedOut) or the answer may end the call, and the "
                        + "caller was never cancelled — the timer's win must throw TimedOut, not cancel the caller's work")
            }
            let first = finished.withLock { $0.first }
            try Interleavings.check(
                first == outcome,
                "\(first ?? "nothing") finished first, yet the call went by \(outcome): whichever finishes first decides")
            try Interleavings.check(
                deadline.ending != .waiting,
                "the call returned while its timer still waited: the loser must be cancelled (a group's child is, and "
                    + "the group waits for it)")
            try Interleavings.check(
                answer.ending != .waiting,
                "the call returned while the request still waited for its answer: the loser must be cancelled")
        }
        try await Interleavings.concurrently([
            ("phrasebook", translating),
            (
                "server",
                {
                    await Interleavings.pause()
                    answer.come()
                }
            ),
            (
                "clock",
                {
                    await Interleavings.pause()
                    deadline.come()
                }
            ),
        ])
    }
}

nonisolated struct LeftTheScreen: Error {}

/// The user leaves the screen at every moment of a translation, in two hundred orders: before
/// the request starts, while it waits, as the answer comes. The deadline never passes, so the call
/// ends with the answer or with `CancellationError` — never `TimedOut` — and the request stops.
@Test func leavingAtAnyMomentCancelsAndNeverTimesOut() async {
    await Interleavings.explore(schedules: 200) {
        let answer = Moment("the answer")
        let deadline = Moment("the deadline")
        // What went wrong in the translation's task, checked once the group has ended: the user's
        // error ends the group first, and a child's error after it would be lost.
        let wrong = Mutex<String?>(nil)
        @Sendable func translating() async throws {
            do {
                let phrase = try await withTaskCancellationHandler {
                    try await withDeadline(Deadline { try await deadline.wait() }) {
                        Interleavings.note("asks the server")
                        // The server answers a while later, cancelled or not.
                        Interleavings.later {
                            Interleavings.later { answer.come() }
                        }
                        try await answer.wait()
                        return "Obrigado"
                    }
                } onCancel: {
                    answer.callerLeft()
                }
                Interleavings.note("shows \(phrase)")
            } catch is TimedOut {
                Interleavings.note("is told it timed out")
                let message =
                    "the user left before the deadline, yet withDeadline threw TimedOut: a request cancelled with its "
                    + "caller is no timeout — let its CancellationError through"
                wrong.withLock { $0 = message }
            } catch {
                Interleavings.note("ends with \(error)")
            }
            if deadline.ending == .waiting {
                wrong.withLock { wrong in
                    wrong = wrong ?? "the call returned while its timer still waited: the timer must stop with the call"
                }
            }
        }
        @Sendable func leaving() async throws {
            await Interleavings.pause()
            Interleavings.note("leaves the screen")
            throw LeftTheScreen()
        }
        do {
            // Leaving ends the group by throwing, which cancels the translation's task.
            try await Interleavings.concurrentlyCancellingOnError([("phrasebook", translating), ("user", leaving)])
        } catch is LeftTheScreen {}
        if let wrong = wrong.withLock({ $0 }) { throw Interleavings.Violation(wrong) }
        try Interleavings.check(
            !answer.cameForNobody,
            "the user left, and the request went on until its answer came: cancelling the caller must cancel the "
                + "request (a child task of a task group is cancelled with it, an unstructured `Task { }` isn't)")
    }
}

/// The error of a translation server that can't translate right now.
nonisolated struct ServerDown: Error, Equatable {}

/// A server that answers with an error, and a deadline, in a hundred orders (seeded, the same on
/// every machine): the error a step or two before the deadline, at once, after it. Whichever comes
/// first decides: an error before the deadline is the server's error, not a timeout.
@Test func aServerErrorBeforeTheDeadlineIsTheServersError() async {
    await Interleavings.explore(schedules: 100) {
        let deadline = Moment("the deadline")
        let finished = Mutex<[String]>([])
        @Sendable func translating() async throws {
            let outcome: String
            do {
                _ = try await withDeadline(
                    Deadline {
                        try await deadline.wait()
                        finished.withLock { $0.append("the deadline") }
                    }
                ) { () async throws -> String in
                    await Interleavings.pause()
                    Interleavings.note("the server answers with an error")
                    finished.withLock { $0.append("the server's error") }
                    throw ServerDown()
                }
                outcome = "a translation"
            } catch is ServerDown {
                outcome = "the server's error"
            } catch is TimedOut {
                outcome = "the deadline"
            } catch {
                outcome = "\(error)"
            }
            Interleavings.note("ends with \(outcome)")
            let first = finished.withLock { $0.first } ?? "nothing"
            try Interleavings.check(
                first == outcome,
                "\(first) came first, yet the call ended with \(outcome): whichever finishes first decides, and only the "
                    + "deadline passing is a timeout — let the operation's own error through, as it came")
        }
        try await Interleavings.concurrently([
            ("phrasebook", translating),
            (
                "clock",
                {
                    await Interleavings.pause()
                    deadline.come()
                }
            ),
        ])
    }
}
