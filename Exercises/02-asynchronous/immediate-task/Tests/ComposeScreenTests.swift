import InterleavingHarness
import Synchronization
import Testing

@testable import ImmediateTask

// This test module is built in main actor mode too: the tests, the fake outbox and the screen
// all take turns on the main actor.

/// An outbox that records each message the moment `send(_:)` is called, and answers only when
/// the test says so.
final class ControlledOutbox: Outbox {
    private(set) var queued: [String] = []
    private var pending: [CheckedContinuation<Void, any Error>] = []
    /// Offline, the outbox refuses a message at once, without waiting for anything.
    var offline = false

    func send(_ text: String) async throws {
        queued.append(text)
        if offline { throw SendError.offline }
        try await withCheckedThrowingContinuation { continuation in
            pending.append(continuation)
        }
    }

    var isWaiting: Bool { !pending.isEmpty }

    func deliverAll() {
        while !pending.isEmpty {
            pending.removeFirst().resume()
        }
    }

    func failNext() {
        guard !pending.isEmpty else {
            Issue.record("no message is waiting for the server")
            return
        }
        pending.removeFirst().resume(throwing: SendError.offline)
    }
}

/// Gives the app's tasks up to 1,000 turns on the main actor (far more than they need) and
/// returns whether `condition` has become true.
private func eventually(_ condition: () -> Bool) async -> Bool {
    var turns = 0
    while !condition() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
    return condition()
}

/// An outbox for the exploring test: it notes each message it takes, and the server answers each
/// one when the test says so, in the schedule's order. A send whose task is cancelled stops waiting
/// with `CancellationError`, as a network call does, though the message stays in the outbox.
nonisolated final class ServerOutbox: Outbox, Sendable {
    private struct State {
        var queued: [String] = []
        var waiting: [String: CheckedContinuation<Void, any Error>] = [:]
        /// Answers that came before their send waited for them.
        var answers: [String: Result<Void, any Error>] = [:]
        var watchers: [String: CheckedContinuation<Void, Never>] = [:]
        var cancelled: [String] = []
        var returned = 0
        var returnWatcher: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    }

    private let state = Mutex(State())

    var queued: [String] { state.withLock { $0.queued } }
    /// The messages whose send was cancelled while it waited for the server.
    var cancelled: [String] { state.withLock { $0.cancelled } }

    func send(_ text: String) async throws {
        let watcher = state.withLock { state in
            state.queued.append(text)
            return state.watchers.removeValue(forKey: text)
        }
        Interleavings.note("takes “\(text)”", by: "outbox")
        watcher?.resume()
        do {
            try await waitForTheServer(text)
        } catch {
            returned()
            throw error
        }
        returned()
    }

    /// A send has returned to its caller: the code after its `await` runs in the same job.
    private func returned() {
        let watcher = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.returned += 1
            guard let watcher = state.returnWatcher, watcher.count <= state.returned else { return nil }
            state.returnWatcher = nil
            return watcher.continuation
        }
        watcher?.resume()
    }

    /// Returns once `count` sends have returned to their callers.
    func waitForSendsToReturn(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.returned >= count { return true }
                state.returnWatcher = (count, continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func waitForTheServer(_ text: String) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if let answer = state.answers.removeValue(forKey: text) { return answer }
                    state.waiting[text] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiting = state.withLock { state in
                state.cancelled.append(text)
                return state.waiting.removeValue(forKey: text)
            }
            Interleavings.note("stops waiting for “\(text)”: its send was cancelled", by: "outbox")
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Returns once the outbox has taken `text`.
    func waitFor(_ text: String) async {
        await withCheckedContinuation { continuation in
            let taken = state.withLock { state in
                if state.queued.contains(text) { return true }
                state.watchers[text] = continuation
                return false
            }
            if taken { continuation.resume() }
        }
    }

    /// The server answers `text`: delivered, or refused with `error`.
    func answer(_ text: String, refusing error: SendError? = nil) {
        let answer: Result<Void, any Error> = error.map { .failure($0) } ?? .success(())
        // `withTaskCancellationHandler` may start waiting a step after the message was taken.
        let waiting = state.withLock { state in
            guard let waiting = state.waiting.removeValue(forKey: text) else {
                state.answers[text] = answer
                return CheckedContinuation<Void, any Error>?.none
            }
            return waiting
        }
        Interleavings.note(error == nil ? "delivers “\(text)”" : "refuses “\(text)”", by: "server")
        waiting?.resume(with: answer)
    }
}

/// What the screen showed right after a tap, or at the end.
nonisolated private struct Shown: Sendable {
    let queued: [String]
    let draft: String
    /// The status line, in words.
    let status: String
    let isSending: Bool
}

/// What `screen` and `outbox` show now.
private func look(at screen: ComposeScreen, outbox: ServerOutbox) -> Shown {
    Shown(queued: outbox.queued, draft: screen.draft, status: "\(screen.status)", isSending: screen.status == .sending)
}

/// The user types `text` and taps Send, on the main actor: returns what the screen and the outbox
/// showed when the tap returned, with no `await` in between.
private func typeAndSend(_ text: String, on screen: ComposeScreen, outbox: ServerOutbox) -> Shown {
    screen.draft = text
    screen.sendButton.tap()
    Interleavings.note("types “\(text)” and taps Send; the field shows “\(screen.draft)”")
    return look(at: screen, outbox: outbox)
}

/// Serialized, so that failures are reported in this order: the first one is the first to fix.
@Suite(.serialized) struct ComposeScreenTests {
    /// The user sends “Running late”, then “Start without me”, while the server refuses the first
    /// and delivers the second, in a hundred orders (seeded, the same on every machine), the main
    /// actor taking its turns among the other steps as if busy drawing. Whatever the order, each
    /// tap leaves its message in the outbox before it returns; no send is cancelled by the next
    /// tap; and the refused message, if it comes back after the second tap, gives back its own text.
    @Test func aSecondTapDoesNotTakeTheFirstMessagesPlace() async {
        await Interleavings.explore(schedules: 100, schedulesMainActor: true) {
            let outbox = ServerOutbox()
            let screen = await ComposeScreen(outbox: outbox)
            let refusal = Mutex((afterSecondTap: false, secondTapped: false))
            // The first tap that returned too early; checked at the end, so that the server still
            // answers the messages that reach the outbox late and the schedule ends.
            let tooEarly = Mutex<String?>(nil)
            try await Interleavings.concurrently([
                (
                    "user",
                    {
                        for text in ["Running late", "Start without me"] {
                            let shown = await typeAndSend(text, on: screen, outbox: outbox)
                            if !(shown.queued.last == text && shown.draft == "" && shown.isSending) {
                                tooEarly.withLock {
                                    $0 =
                                        $0
                                        ?? "when the tap on Send for “\(text)” returned, the outbox had \(shown.queued) and the screen showed “\(shown.draft)”, \(shown.status): the code that queues the message had not run by then. A task that starts at once runs up to its first suspension before the tap returns"
                                }
                            }
                            refusal.withLock { $0.secondTapped = text == "Start without me" }
                            await Interleavings.pause()
                        }
                    }
                ),
                (
                    "server",
                    {
                        await outbox.waitFor("Running late")
                        await Interleavings.pause()
                        refusal.withLock { $0.afterSecondTap = $0.secondTapped }
                        outbox.answer("Running late", refusing: .offline)
                        await outbox.waitFor("Start without me")
                        await Interleavings.pause()
                        outbox.answer("Start without me")
                    }
                ),
            ])
            await outbox.waitForSendsToReturn(2)
            let end = await look(at: screen, outbox: outbox)
            Interleavings.note("the field shows “\(end.draft)”, \(end.status)", by: "screen")
            if let tooEarly = tooEarly.withLock({ $0 }) { throw Interleavings.Violation(tooEarly) }
            try Interleavings.check(
                outbox.cancelled.isEmpty,
                "the send of \(outbox.cancelled.map { "“\($0)”" }.joined(separator: " and ")) was cancelled by the next tap: a message already in the outbox is on its way, and the screen would say it was not sent. Let each send finish; a new message doesn't replace the last one"
            )
            guard refusal.withLock({ $0.afterSecondTap }) else { return }
            try Interleavings.check(
                end.draft != "",
                "“Running late” was refused after “Start without me” was tapped, and the field stayed empty: the error went nowhere. Catch it in the task and give the text back"
            )
            try Interleavings.check(
                end.draft == "Running late",
                "“Running late” was refused after “Start without me” was tapped, and the screen gave back another message's text: “\(end.draft)”. The task read what to give back from the screen after its `await`, when a second tap had changed it: keep the text in the task"
            )
        }
    }

    @Test func theMessageIsInTheOutboxWhenTheTapReturns() async {
        let outbox = ControlledOutbox()
        let screen = ComposeScreen(outbox: outbox)
        screen.draft = "On my way"
        screen.sendButton.tap()
        // No `await` since the tap: if the app were suspended now, only the outbox would survive.
        #expect(
            outbox.queued == ["On my way"],
            "when the tap returned, the message was not in the outbox yet: the code that queues it had not run by then"
        )
        #expect(screen.draft == "")
        #expect(screen.status == .sending)
        _ = await eventually { outbox.isWaiting }
        outbox.deliverAll()
    }

    @Test func twoQuickTapsQueueBothMessagesInOrder() async {
        let outbox = ControlledOutbox()
        let screen = ComposeScreen(outbox: outbox)
        screen.draft = "Running late"
        screen.sendButton.tap()
        screen.draft = "Start without me"
        screen.sendButton.tap()
        #expect(
            outbox.queued == ["Running late", "Start without me"],
            "two taps in a row must leave both messages in the outbox, in order, before anything else runs"
        )
        _ = await eventually { outbox.queued.count == 2 }
        outbox.deliverAll()
    }

    @Test func aDeliveredMessageIsMarkedSent() async {
        let outbox = ControlledOutbox()
        let screen = ComposeScreen(outbox: outbox)
        screen.draft = "See you at 8"
        screen.sendButton.tap()
        #expect(await eventually { outbox.isWaiting }, "the tap should send the message")
        outbox.deliverAll()
        #expect(await eventually { screen.status == .sent }, "the screen should say the message was sent")
    }

    @Test func aFailedSendGivesTheTextBack() async {
        let outbox = ControlledOutbox()
        let screen = ComposeScreen(outbox: outbox)
        screen.draft = "Call me"
        screen.sendButton.tap()
        #expect(await eventually { outbox.isWaiting })
        outbox.failNext()
        #expect(
            await eventually { screen.status != .sending },
            "the screen is stuck on 'sending': the error went nowhere"
        )
        #expect(screen.status == .failed("Not sent. Tap Send to try again."))
        #expect(screen.draft == "Call me", "a failed send must give the text back")
    }

    @Test func aSendRefusedAtOnceGivesTheTextBack() async {
        let outbox = ControlledOutbox()
        outbox.offline = true
        let screen = ComposeScreen(outbox: outbox)
        screen.draft = "Call me"
        screen.sendButton.tap()
        _ = await eventually { screen.status != .sending }
        #expect(
            screen.draft == "Call me" && screen.status == .failed("Not sent. Tap Send to try again."),
            "the outbox refused the message at once, and the screen shows “\(screen.draft)”, \(screen.status): with no suspension in it, the whole task had already run when the tap went on to empty the field and show 'sending'. A task that starts at once runs until its first suspension, to the end if there is none: update the screen before you start it"
        )
    }
}
