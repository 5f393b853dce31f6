// The mail app's text type belongs to the editor team: this exercise doesn't change it.

/// The text of a mail. A long one takes a while to encode, which is why autosave encodes off
/// the main actor. A value that belongs to no actor: it may be encoded anywhere.
nonisolated struct MailText: Encodable, Sendable, ExpressibleByStringLiteral {
    var text: String
    /// Told after each encoding, wherever it ran: the app's performance metrics listen here.
    var onEncode: (@Sendable () -> Void)?

    init(_ text: String, onEncode: (@Sendable () -> Void)? = nil) {
        self.text = text
        self.onEncode = onEncode
    }

    init(stringLiteral text: String) {
        self.init(text)
    }

    /// Encodes as a plain string, like a `String` property.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
        onEncode?()
    }
}
