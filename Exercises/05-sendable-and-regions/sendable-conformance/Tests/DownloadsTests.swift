import Testing
@testable import SendableConformance

/// Compiles only for `Sendable` types: the app hands these to other isolation domains.
private func requireSendable<T: Sendable>(_ type: T.Type) {}

private func episode(_ title: String) -> Episode {
    Episode(title: title, artwork: Artwork(url: "https://example.com/\(title).jpg", pixelWidth: 600))
}

@Test func thePackagesTypesAreSendable() {
    requireSendable(DownloadPolicy.self)
    requireSendable(Artwork.self)
    requireSendable(Episode.self)
    requireSendable(Downloader.self)
}

@Test func keepsTheLatestEpisodesNewestFirst() async {
    let downloader = Downloader(policy: DownloadPolicy(allowsCellular: true, keepLatest: 2))
    _ = await downloader.download(episode("ep1"), onCellular: false)
    _ = await downloader.download(episode("ep2"), onCellular: false)
    let kept = await downloader.download(episode("ep3"), onCellular: true)
    #expect(kept.map(\.title) == ["ep3", "ep2"])
    #expect(kept.allSatisfy { $0.isDownloaded })
}

@Test func respectsThePolicyOnCellular() async {
    let downloader = Downloader(policy: DownloadPolicy(allowsCellular: false, keepLatest: 5))
    #expect(await downloader.download(episode("ep1"), onCellular: true).isEmpty)
    #expect(await downloader.download(episode("ep1"), onCellular: false).map(\.title) == ["ep1"])
}

/// What the player does when an episode ends.
private func markPlayed(_ episode: inout Episode) {
    episode.isPlayed = true
}

@Test func theAppKeepsItsOwnCopyOfAnEpisode() async {
    let downloader = Downloader(policy: DownloadPolicy(allowsCellular: true, keepLatest: 5))
    var nowPlaying = episode("ep7")
    let kept = await downloader.download(nowPlaying, onCellular: false)
    // The player marks its episode played; the downloader's copy doesn't change, and the
    // player's copy isn't marked downloaded behind its back.
    markPlayed(&nowPlaying)
    #expect(kept[0].isPlayed == false,
            "the player marked its episode played, and the downloader's changed too: they share one object; make `Episode` a value")
    #expect(nowPlaying.isDownloaded == false,
            "the downloader marked the player's episode downloaded behind its back: they share one object; make `Episode` a value")
    #expect(kept[0].artwork.pixelWidth == 600)
}

@Test func downloadsFromManyTasksAtOnce() async {
    let downloader = Downloader(policy: DownloadPolicy(allowsCellular: true, keepLatest: 100))
    let titles = (1...20).map { "ep\($0)" }
    await withTaskGroup { group in
        for title in titles {
            group.addTask { _ = await downloader.download(episode(title), onCellular: false) }
        }
    }
    let kept = await downloader.download(episode("ep21"), onCellular: false)
    #expect(Set(kept.map(\.title)) == Set(titles + ["ep21"]))
}
