// swiftc-flags: -enable-upcoming-feature NonisolatedNonsendingByDefault:migrate
/// Decodes images. Today its async method runs on the global executor; with the feature it
/// would run on the caller's actor.
struct ImageDecoder {
    func decode(_ bytes: [UInt8]) async -> Int {
        bytes.count
    }
}

/// Retries an operation: a higher-order async function.
func withRetry(_ operation: () async -> Bool) async -> Bool {
    for _ in 0..<3 where await operation() {
        return true
    }
    return false
}

/// Already marked: it keeps running on the thread pool with or without the feature.
@concurrent func syncInbox() async -> Bool {
    await withRetry {
        await Task.yield()
        return true
    }
}
