// swiftc-flags:
@globalActor actor DatabaseActor {
    static let shared = DatabaseActor()
}

actor Indexer {}

/// Decodes a large feed; someone wanted it both on the main actor and off it.
@MainActor @concurrent func decodeFeed(_ bytes: [UInt8]) async -> Int {
    bytes.count
}

@concurrent nonisolated(nonsending) func resize(_ pixels: [UInt8]) async -> Int {
    pixels.count
}

@MainActor nonisolated func formatTitle(_ title: String) -> String {
    title.uppercased()
}

@MainActor @DatabaseActor func saveDraft(_ text: String) {}

@concurrent func reindex(using indexer: isolated Indexer) async {}
