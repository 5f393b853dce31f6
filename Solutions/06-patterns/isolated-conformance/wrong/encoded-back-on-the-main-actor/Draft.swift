// A mail app, built in main actor mode with the approachable-concurrency features: what isn't
// marked belongs to the main actor, and so do the conformances of main-actor types.
import Foundation

/// Where drafts are kept between launches. The app writes files; the tests use a fake.
nonisolated protocol DraftStore: Sendable {
    func save(_ json: Data, as name: String) async throws
}

/// The mail being written on the compose screen.
final class Draft: Encodable {
    var to: [String] = []
    var subject = ""
    var body: MailText = ""
}

/// How the app writes a draft as JSON, wherever it does.
nonisolated func draftEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
}

/// The compose screen's "Copy as JSON" menu item, for the support team. What it copies must
/// be exactly what autosave writes, so that support can open a customer's draft file.
func copyAsJSON(_ draft: Draft) throws -> String {
    String(decoding: try draftEncoder().encode(draft), as: UTF8.self)
}

extension Draft {
    /// Called by the compose screen's autosave timer, every few seconds.
    func autosave(to store: any DraftStore) async throws {
        try await writeToDisk(self, store: store)
    }
}

/// Encodes the draft and saves it, off the main actor: a long mail takes a while.
@concurrent func writeToDisk(_ draft: Draft, store: any DraftStore) async throws {
    let json = try await MainActor.run { try draftEncoder().encode(draft) }
    try await store.save(json, as: "draft.json")
}
