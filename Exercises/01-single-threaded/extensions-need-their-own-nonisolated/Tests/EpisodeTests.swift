import Testing
@testable import ExtensionsNeedTheirOwnNonisolated

// The download manager, played by `@concurrent` helpers: they run outside the main
// actor, so they compile only if everything they use is usable from there.

@concurrent private func notifyFromDownloadManager(about episode: Episode) async -> String {
    #expect(#isolation == nil, "the download manager runs outside the main actor")
    return DownloadNotifier().message(for: episode)
}

@concurrent private func downloadManagerView(of episode: Episode) async -> (duration: String, percent: Int, done: Bool) {
    (episode.durationText, episode.percentDownloaded, episode.isDownloaded)
}

private let interview = Episode(show: "Swift Talk", title: "Actors in depth", durationSeconds: 2_520, sizeBytes: 40_000)
private let marathon = Episode(show: "Deep Dives", title: "Concurrency, all of it", durationSeconds: 3_900, sizeBytes: 80_000)

@Test func progressWhileDownloading() async {
    var episode = interview
    episode.downloadedBytes = 18_000
    #expect(await notifyFromDownloadManager(about: episode) == "Downloading “Actors in depth”: 45%")
}

@Test func readyOnceDownloaded() async {
    var episode = marathon
    episode.downloadedBytes = 80_000
    #expect(await notifyFromDownloadManager(about: episode) == "“Concurrency, all of it” (1 h 05 min) is ready to play")
}

@Test func formattingWorksOffTheMainActor() async {
    var episode = interview
    episode.downloadedBytes = 40_000
    let view = await downloadManagerView(of: episode)
    #expect(view.duration == "42 min")
    #expect(view.percent == 100)
    #expect(view.done)
}

@Test func theScreenStillFormatsOnTheMainActor() {
    MainActor.assertIsolated()
    #expect(marathon.durationText == "1 h 05 min")
    #expect(marathon.percentDownloaded == 0)
    #expect(!marathon.isDownloaded)
}
