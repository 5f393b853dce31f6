// swiftc-flags:
/// A session token shared by every request.
final class SessionToken: Sendable {
    let userID: String
    var value: String

    init(userID: String, value: String) {
        self.userID = userID
        self.value = value
    }
}
