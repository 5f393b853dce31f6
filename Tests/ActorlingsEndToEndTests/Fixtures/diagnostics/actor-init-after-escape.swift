// swiftc-flags:
/// Caches thumbnails and trims itself in the background.
actor ThumbnailCache {
    private var entries: [String: [UInt8]] = [:]
    private var limit: Int

    init(limit: Int) {
        self.limit = limit
        Task { await self.trim() }
        self.entries = [:]
    }

    func trim() {
        if entries.count > limit {
            entries.removeAll()
        }
    }
}
