// swiftc-flags:
/// A playlist being edited: not Sendable.
final class Playlist {
    var songs: [String] = []
}

func totalDuration(of playlist: Playlist) async -> Int {
    playlist.songs.count * 180
}

func editPlaylist() async -> Int {
    let playlist = Playlist()
    async let duration = totalDuration(of: playlist)
    playlist.songs.append("Encore")
    return await duration
}
