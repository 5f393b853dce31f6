// swiftc-flags:
/// A framework-style base class for requests.
class Request {
    init() {}
}

/// Immutable, so it looks safe to share.
final class ProfileRequest: Request, Sendable {
    let userID: String

    init(userID: String) {
        self.userID = userID
    }
}
