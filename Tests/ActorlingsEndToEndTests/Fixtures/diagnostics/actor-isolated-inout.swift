// swiftc-flags:
/// Normalizes tags in place, with a network lookup for synonyms.
func normalizeTags(_ tags: inout [String]) async {
    tags = tags.map { $0.lowercased() }
}

/// Owns the tags of a photo library.
actor TagStore {
    var tags: [String] = []
}

func cleanUp(_ store: TagStore) async {
    await normalizeTags(&store.tags)
}
