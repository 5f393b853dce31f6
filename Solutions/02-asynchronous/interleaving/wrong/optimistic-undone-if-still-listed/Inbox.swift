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
        guard let index = messages.firstIndex(where: { $0.id == id }), !messages[index].isRead else {
            return
        }
        // Show it read at once; the server confirms meanwhile.
        messages[index].isRead = true
        unreadCount -= 1
        do {
            try await server.markAsRead(id)
        } catch {
            // Undo it, if the message is still there: find it again, the list may have changed.
            if let index = messages.firstIndex(where: { $0.id == id }), messages[index].isRead {
                messages[index].isRead = false
                unreadCount += 1
            }
            throw error
        }
    }

    /// Deletes a message, once the server has done so.
    func delete(_ id: Int) async throws {
        try await server.delete(id)
        guard let index = messages.firstIndex(where: { $0.id == id }) else { return }
        if !messages[index].isRead {
            unreadCount -= 1
        }
        messages.remove(at: index)
    }
}
