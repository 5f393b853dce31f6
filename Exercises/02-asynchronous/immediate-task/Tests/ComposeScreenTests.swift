import Testing
@testable import ImmediateTask

// This test module is built in main actor mode too: the tests, the fake outbox and the screen
// all take turns on the main actor.

/// An outbox that records each message the moment `send(_:)` is called, and answers only when
/// the test says so.
final class ControlledOutbox: Outbox {
    private(set) var queued: [String] = []
    private var pending: [CheckedContinuation<Void, any Error>] = []

    func send(_ text: String) async throws {
        queued.append(text)
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

/// Serialized, so that failures are reported in this order: the first one is the first to fix.
@Suite(.serialized) struct ComposeScreenTests {
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
}
