import InterleavingHarness
import Testing

@testable import Interleaving

// This test module is built in main actor mode too: the tests, the fake server and the
// inbox all take turns on the main actor. The test decides when each request is answered,
// so every run interleaves the calls in exactly the same order.

/// A mail server whose requests wait until the test answers them.
final class ControlledMailServer: MailServer {
    enum Request: Equatable {
        case markAsRead(Int)
        case delete(Int)
    }

    private var pending: [(request: Request, continuation: CheckedContinuation<Void, any Error>)] = []

    func markAsRead(_ id: Int) async throws {
        try await waitForAnswer(to: .markAsRead(id))
    }

    func delete(_ id: Int) async throws {
        try await waitForAnswer(to: .delete(id))
    }

    private func waitForAnswer(to request: Request) async throws {
        try await withCheckedThrowingContinuation { continuation in
            pending.append((request, continuation))
        }
    }

    /// Gives the app up to 1,000 turns on the main actor (far more than it needs) to send
    /// `request` (`times` times); returns whether it is waiting for that many answers.
    func hasReceived(_ request: Request, times: Int = 1) async -> Bool {
        var turns = 0
        while pending.count(where: { $0.request == request }) < times && turns < 1_000 {
            await Task.yield()
            turns += 1
        }
        return pending.count(where: { $0.request == request }) >= times
    }

    func succeed(_ request: Request) {
        answer(request) { $0.resume() }
    }

    func fail(_ request: Request) {
        answer(request) { $0.resume(throwing: ServerError()) }
    }

    /// Answers every request as it arrives, in order, for 1,000 turns on the main actor.
    func answerEverything() async {
        for _ in 0..<1_000 {
            while !pending.isEmpty {
                pending.removeFirst().continuation.resume()
            }
            await Task.yield()
        }
    }

    private func answer(_ request: Request, with resume: (CheckedContinuation<Void, any Error>) -> Void) {
        guard let index = pending.firstIndex(where: { $0.request == request }) else {
            Issue.record("the server never received \(request)")
            return
        }
        resume(pending.remove(at: index).continuation)
    }

    struct ServerError: Error {}
}

/// Four messages on the first page; twelve unread in the whole mailbox.
private func sampleInbox(on server: ControlledMailServer) -> Inbox {
    Inbox(
        server: server,
        messages: [
            Message(id: 1, subject: "Lunch on Friday?"),
            Message(id: 2, subject: "Your invoice for March"),
            Message(id: 3, subject: "Re: the release plan"),
            Message(id: 4, subject: "Photos from the offsite"),
        ], unreadCount: 12)
}

/// Serialized, so that failures are reported in this order: the first one is the first to fix.
@Suite(.serialized) struct InboxTests {
    @Test func markingAMessageUpdatesTheBadge() async throws {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let tap = Task { try await inbox.markAsRead(2) }
        #expect(await server.hasReceived(.markAsRead(2)))
        server.succeed(.markAsRead(2))
        try await tap.value
        #expect(inbox.messages.map(\.isRead) == [false, true, false, false])
        #expect(inbox.unreadCount == 11)
    }

    @Test func twoMessagesMarkedTogetherBothStayRead() async throws {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let first = Task { try await inbox.markAsRead(1) }
        #expect(await server.hasReceived(.markAsRead(1)))
        let second = Task { try await inbox.markAsRead(3) }
        #expect(await server.hasReceived(.markAsRead(3)))
        // Both taps are waiting for the server. It answers the first, then the second.
        server.succeed(.markAsRead(1))
        try await first.value
        server.succeed(.markAsRead(3))
        try await second.value
        #expect(inbox.messages.map(\.isRead) == [true, false, true, false], "both messages should be read")
        #expect(inbox.unreadCount == 10, "two messages were read: the badge should count both (a count computed before the `await` is stale after it)")
    }

    @Test func aMessageDeletedMeanwhileStaysDeleted() async throws {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let markThird = Task { try await inbox.markAsRead(3) }
        #expect(await server.hasReceived(.markAsRead(3)))
        // While the third message waits, the user deletes the first one, and that completes first.
        let deleteFirst = Task { try await inbox.delete(1) }
        #expect(await server.hasReceived(.delete(1)))
        server.succeed(.delete(1))
        try await deleteFirst.value
        server.succeed(.markAsRead(3))
        try await markThird.value
        #expect(inbox.messages.map(\.id) == [2, 3, 4], "the deleted message came back")
        #expect(
            inbox.messages.map(\.isRead) == [false, true, false],
            "the wrong message was marked as read: an index found before the `await` points elsewhere after it"
        )
        #expect(inbox.unreadCount == 10, "one unread message was deleted, another was read")
    }

    @Test func aMessageDeletedWhileBeingMarkedIsCountedOnce() async throws {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let markSecond = Task { try await inbox.markAsRead(2) }
        #expect(await server.hasReceived(.markAsRead(2)))
        let deleteSecond = Task { try await inbox.delete(2) }
        #expect(await server.hasReceived(.delete(2)))
        server.succeed(.delete(2))
        try await deleteSecond.value
        server.succeed(.markAsRead(2))
        try await markSecond.value
        #expect(inbox.messages.map(\.id) == [1, 3, 4], "the deleted message came back")
        #expect(
            inbox.messages.map(\.isRead) == [false, false, false],
            "the wrong message was marked as read: an index found before the `await` points elsewhere after it"
        )
        #expect(inbox.unreadCount == 11, "one unread message left the inbox: the badge should drop by one")
    }

    @Test func tappingTheSameMessageTwiceCountsItOnce() async throws {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let first = Task { try await inbox.markAsRead(2) }
        #expect(await server.hasReceived(.markAsRead(2)))
        let second = Task { try await inbox.markAsRead(2) }
        await server.answerEverything()
        try await first.value
        try await second.value
        #expect(inbox.messages.map(\.isRead) == [false, true, false, false])
        #expect(inbox.unreadCount == 11, "one message was read, however many times it was tapped")
    }

    @Test func twoTapsAnsweredTogetherCountTheMessageOnce() async throws {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let first = Task { try await inbox.markAsRead(2) }
        #expect(await server.hasReceived(.markAsRead(2)))
        let second = Task { try await inbox.markAsRead(2) }
        #expect(await server.hasReceived(.markAsRead(2), times: 2))
        // The server answers both at once: both taps are ready to go on before either does.
        server.succeed(.markAsRead(2))
        server.succeed(.markAsRead(2))
        try await first.value
        try await second.value
        #expect(
            inbox.unreadCount == 11,
            "one message was read, yet the badge dropped twice: look again and change it in one go, with no `await` between"
        )
    }

    @Test func twoDeletesAnsweredTogetherRemoveBoth() async throws {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let first = Task { try await inbox.delete(1) }
        #expect(await server.hasReceived(.delete(1)))
        let second = Task { try await inbox.delete(2) }
        #expect(await server.hasReceived(.delete(2)))
        server.succeed(.delete(1))
        server.succeed(.delete(2))
        try await first.value
        try await second.value
        #expect(
            inbox.messages.map(\.id) == [3, 4],
            "the wrong message was deleted: an index or a list read before the `await`, or before another `await`, points elsewhere after it"
        )
        #expect(inbox.unreadCount == 10, "two unread messages were deleted: the badge should drop by two")
    }

    @Test func aFailedDeleteKeepsTheMessage() async {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let tap = Task { try await inbox.delete(2) }
        #expect(await server.hasReceived(.delete(2)))
        server.fail(.delete(2))
        await #expect(throws: ControlledMailServer.ServerError.self) { try await tap.value }
        #expect(inbox.messages.map(\.id) == [1, 2, 3, 4], "the server refused the deletion: the message stays")
        #expect(inbox.unreadCount == 12)
    }

    @Test func aFailedRequestChangesNothing() async {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let tap = Task { try await inbox.markAsRead(2) }
        #expect(await server.hasReceived(.markAsRead(2)))
        server.fail(.markAsRead(2))
        await #expect(throws: ControlledMailServer.ServerError.self) { try await tap.value }
        #expect(inbox.messages.map(\.isRead) == [false, false, false, false])
        #expect(inbox.unreadCount == 12)
    }

    @Test func aFailedRequestKeepsWhatOthersChangedMeanwhile() async throws {
        let server = ControlledMailServer()
        let inbox = sampleInbox(on: server)
        let markFirst = Task { try await inbox.markAsRead(1) }
        #expect(await server.hasReceived(.markAsRead(1)))
        // While the first message waits, the third is marked as read, and that completes first.
        let markThird = Task { try await inbox.markAsRead(3) }
        #expect(await server.hasReceived(.markAsRead(3)))
        server.succeed(.markAsRead(3))
        try await markThird.value
        server.fail(.markAsRead(1))
        await #expect(throws: ControlledMailServer.ServerError.self) { try await markFirst.value }
        #expect(
            inbox.messages.map(\.isRead) == [false, false, true, false],
            "the failed request undid a change made meanwhile: don't restore a snapshot taken before the `await`"
        )
        #expect(inbox.unreadCount == 11, "the third message was read meanwhile: the badge should still count it")
    }
}

/// A mail server that takes a while over each request (other taps reach the inbox meanwhile),
/// refuses to mark the `unmarkable` messages as read and to delete the `undeletable` ones, and
/// notes each step in the trace a failing schedule shows.
final class SlowMailServer: MailServer {
    let unmarkable: Set<Int>
    let undeletable: Set<Int>

    init(unmarkable: Set<Int>, undeletable: Set<Int> = []) {
        self.unmarkable = unmarkable
        self.undeletable = undeletable
    }

    func markAsRead(_ id: Int) async throws {
        Interleavings.note("the server is asked to mark message \(id) as read")
        await Interleavings.pause()
        if unmarkable.contains(id) {
            Interleavings.note("the server refuses to mark message \(id)")
            throw ControlledMailServer.ServerError()
        }
        Interleavings.note("the server marks message \(id) as read")
    }

    func delete(_ id: Int) async throws {
        Interleavings.note("the server is asked to delete message \(id)")
        await Interleavings.pause()
        if undeletable.contains(id) {
            Interleavings.note("the server refuses to delete message \(id)")
            throw ControlledMailServer.ServerError()
        }
        Interleavings.note("the server deletes message \(id)")
    }
}

/// The inbox as the screen shows it.
struct Screen: Equatable, Sendable {
    var ids: [Int]
    var read: [Bool]
    var badge: Int
}

private func makeInbox(unmarkable: Set<Int>, undeletable: Set<Int> = []) -> Inbox {
    Inbox(
        server: SlowMailServer(unmarkable: unmarkable, undeletable: undeletable),
        messages: [
            Message(id: 1, subject: "Lunch on Friday?"),
            Message(id: 2, subject: "Your invoice for March"),
            Message(id: 3, subject: "Re: the release plan"),
            Message(id: 4, subject: "Photos from the offsite"),
        ], unreadCount: 12)
}

private func screen(of inbox: Inbox) -> Screen {
    Screen(ids: inbox.messages.map(\.id), read: inbox.messages.map(\.isRead), badge: inbox.unreadCount)
}

/// A tap, as a task of the exploration named after what it does.
nonisolated private func tap(_ name: String, _ action: @escaping @Sendable () async throws -> Void) -> (String, @Sendable () async throws -> Void) {
    (
        name,
        {
            do {
                try await action()
                Interleavings.note("done")
            } catch {
                Interleavings.note("fails")
            }
        }
    )
}

/// Checks the screen the taps left, whatever their order, with what went wrong in the lesson's words.
nonisolated private func check(_ shown: Screen, against expected: Screen) throws {
    try Interleavings.check(
        shown.ids == expected.ids,
        "the inbox lists messages \(shown.ids), but \(expected.ids) are left: a deleted message came back, or an index found before the `await` points elsewhere after it"
    )
    try Interleavings.check(
        shown.read == expected.read,
        "the messages read are \(shown.read), but should be \(expected.read): the wrong message was marked as read (an index found before the `await` points elsewhere after it), or a failed request undid a change made meanwhile"
    )
    try Interleavings.check(
        shown.badge == expected.badge,
        "the badge shows \(shown.badge), but \(expected.badge) messages are unread: a count computed before the `await` is stale after it; look at the inbox again after the `await` and change it in one go (a message no longer listed was counted when it left: it is not unread any more)"
    )
}

/// Taps on read and delete, two of each on one message, while the server answers in two hundred
/// orders (seeded, the same on every machine), the main actor taking its turns among them as if
/// busy drawing the screen. Whatever the order, the screen ends the same.
@Test func tapsWhileTheServerAnswersInEveryOrder() async {
    await Interleavings.explore(schedules: 200, schedulesMainActor: true) {
        let inbox = await makeInbox(unmarkable: [])
        try await Interleavings.concurrently([
            tap("read 1") { try await inbox.markAsRead(1) },
            tap("delete 1") { try await inbox.delete(1) },
            tap("delete 1 again") { try await inbox.delete(1) },
            tap("read 3") { try await inbox.markAsRead(3) },
            tap("read 3 again") { try await inbox.markAsRead(3) },
        ])
        try check(await screen(of: inbox), against: Screen(ids: [2, 3, 4], read: [false, true, false], badge: 10))
    }
}

/// The same with a request the server refuses: marking message 2, which the user deletes
/// meanwhile. A refusal changes nothing, and undoes nothing that other taps changed.
@Test func aRefusalAmongOtherTapsInEveryOrder() async {
    await Interleavings.explore(schedules: 200, schedulesMainActor: true) {
        let inbox = await makeInbox(unmarkable: [2])
        try await Interleavings.concurrently([
            tap("read 2") { try await inbox.markAsRead(2) },
            tap("delete 2") { try await inbox.delete(2) },
            tap("read 3") { try await inbox.markAsRead(3) },
            tap("delete 4") { try await inbox.delete(4) },
        ])
        try check(await screen(of: inbox), against: Screen(ids: [1, 3], read: [false, true], badge: 9))
    }
}

/// A deletion the server refuses, among other taps: deleting message 1 while it, message 3 and
/// message 4 are tapped too. The refused deletion keeps message 1 and changes nothing else: what
/// the other taps did while it waited stays done.
@Test func aRefusedDeletionAmongOtherTapsInEveryOrder() async {
    await Interleavings.explore(schedules: 100, schedulesMainActor: true) {
        let inbox = await makeInbox(unmarkable: [], undeletable: [1])
        try await Interleavings.concurrently([
            tap("delete 1") { try await inbox.delete(1) },
            tap("read 3") { try await inbox.markAsRead(3) },
            tap("delete 4") { try await inbox.delete(4) },
            tap("read 1") { try await inbox.markAsRead(1) },
        ])
        let shown = await screen(of: inbox)
        try Interleavings.check(
            shown.ids == [1, 2, 3] && shown.read == [true, false, true] && shown.badge == 9,
            "the inbox shows messages \(shown.ids), read \(shown.read), badge \(shown.badge), but should show [1, 2, 3], read [true, false, true], badge 9: a refused deletion leaves the inbox as the other taps made it while it waited; don't restore a snapshot taken before the `await`"
        )
    }
}
