// swiftc-flags:
/// Something that can be rendered into a notification banner.
protocol BannerContent {
    func bannerText() -> String
}

/// Sends banners from a background task, so it needs Sendable values.
func postBanner<Content: BannerContent & Sendable>(_ content: Content) {}

@MainActor final class DownloadStatus: @MainActor BannerContent {
    var finished = 0

    func bannerText() -> String {
        "\(finished) downloads finished"
    }
}

@MainActor func announce(_ status: DownloadStatus) {
    postBanner(status)
}
