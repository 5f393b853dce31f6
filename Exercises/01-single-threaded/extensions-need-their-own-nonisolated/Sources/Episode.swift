// A podcast app, built in main actor mode. Episodes are pure data, so `Episode` opts
// out of the main actor: the download manager and the player both use it.

/// One episode of a show, and how much of it is on the device.
nonisolated struct Episode: Equatable {
    let show: String
    let title: String
    let durationSeconds: Int
    let sizeBytes: Int
    var downloadedBytes: Int = 0
}

// TODO: the download notifications don't build: the notifier, which runs in the background
// with the download manager, can't read an episode's duration or progress, although it can
// read its title, and `Episode` is meant for any isolation domain.

extension Episode {
    /// "42 min", or "1 h 05 min" for an episode of an hour or more.
    var durationText: String {
        let minutes = durationSeconds / 60
        guard minutes >= 60 else { return "\(minutes) min" }
        let rest = minutes % 60
        return "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest) min"
    }

    /// How much of the episode is on the device, from 0 to 100.
    var percentDownloaded: Int {
        sizeBytes == 0 ? 100 : min(100, downloadedBytes * 100 / sizeBytes)
    }

    var isDownloaded: Bool {
        percentDownloaded == 100
    }
}

/// Writes the notifications of the download manager, which runs outside the main actor.
nonisolated struct DownloadNotifier {
    /// "Downloading “Title”: 45%", or "“Title” (42 min) is ready to play" once it is done.
    func message(for episode: Episode) -> String {
        if episode.isDownloaded {
            return "“\(episode.title)” (\(episode.durationText)) is ready to play"
        }
        return "Downloading “\(episode.title)”: \(episode.percentDownloaded)%"
    }
}
