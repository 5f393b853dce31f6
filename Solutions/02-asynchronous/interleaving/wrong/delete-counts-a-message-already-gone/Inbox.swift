// A mail app's inbox, built in main actor mode. Marking a message as read and deleting one
// both wait for the mail server. The user doesn't wait with them: they keep tapping, so
// several of these calls can be waiting at once. They all run on the main actor, one at a
// time, and take turns at each `await`.

/// One message of the inbox.
struct Message: Equatable {
    let id: Int
    let subject: String
    var isRead = false
}

/// The mail server. The app uses a network client; the tests use a fake.
protocol MailServer {
    func markAsRead(_ id: Int) async throws
    func delete(_ id: Int) async throws
}

/// The state behind the inbox screen.
final class Inbox {
    let server: any MailServer
    /// The first page of the mailbox: what the screen lists.
    private(set) var messages: [Message]
    /// The badge on the app's icon: unread messages in the whole mailbox, not only on this page.
    private(set) var unreadCount: Int

    init(server: any MailServer, messages: [Message], unreadCount: Int) {
        self.server = server
        self.messages = messages
        self.unreadCount = unreadCount
    }

    /// Marks a message as read, once the server has done so.
    func markAsRead(_ id: Int) async throws {
        guard let message = messages.first(where: { $0.id == id }), !message.isRead else {
            return
        }
        try await server.markAsRead(id)
        // Other calls ran while this one waited: look at the inbox as it is now. The message
        // may have moved, been deleted, or been marked as read by another tap.
        guard let index = messages.firstIndex(where: { $0.id == id }), !messages[index].isRead else {
            return
        }
        messages[index].isRead = true
        unreadCount -= 1
    }

    /// Deletes a message, once the server has done so.
    func delete(_ id: Int) async throws {
        try await server.delete(id)
        // Look at the inbox as it is now: the message may have been read meanwhile.
        if messages.first(where: { $0.id == id })?.isRead != true {
            unreadCount -= 1
        }
        messages.removeAll { $0.id == id }
    }
}
