// swiftc-flags:
/// Downloads the list of podcast episodes.
func fetchEpisodes() async -> [String] {
    ["Pilot", "Interview"]
}

func fetchArtwork() async -> [UInt8] {
    []
}

func refreshShow() async -> Int {
    let episodes = fetchEpisodes()
    async let artwork = fetchArtwork()
    let bytes = artwork
    return episodes.count + bytes.count
}
