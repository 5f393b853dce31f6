// A chat app shows a line under each friend's name, depending on their presence.
//
// Run `swift run actorlings` (or `swift run actorlings check intro`) and read
// the error: where it points, what it says, and the note under it.

/// Whether a friend can be reached right now.
enum Presence {
    case online
    case away(minutes: Int)
    case offline
    /// New in this release: the friend muted all notifications.
    case doNotDisturb
}

/// A friend in the contact list.
struct Friend {
    var name: String
    var presence: Presence
}

/// The status line shown under a friend's name in the contact list.
func statusLine(for friend: Friend) -> String {
    if case .doNotDisturb = friend.presence {
        return friend.name + " does not want to be disturbed"
    }
    switch friend.presence {
    case .online:
        return "\(friend.name) is online"
    case .away(let minutes) where minutes < 60:
        return "\(friend.name) was active \(minutes) min ago"
    case .away:
        return "\(friend.name) is away"
    case .offline:
        return "\(friend.name) is offline"
    case .doNotDisturb:
        fatalError("handled above")
    }
}

/// The greeting at the top of a new conversation.
func greeting(for friend: Friend) -> String {
    switch friend.presence {
    case .online, .away:
        return "Say hi to \(friend.name)!"
    case .offline, .doNotDisturb:
        return "Leave \(friend.name) a message."
    }
}
