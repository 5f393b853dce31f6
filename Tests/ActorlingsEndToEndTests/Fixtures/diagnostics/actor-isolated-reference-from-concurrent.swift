// swiftc-flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
/// A photo library screen's model: main actor state.
final class PhotoLibrary {
    var photos: [String] = []
    var thumbnailSizes: [String: Int] = [:]

    /// Meant to render thumbnails off the main actor, but it reads and writes main-actor state.
    @concurrent func renderThumbnails() async {
        for photo in photos {
            thumbnailSizes[photo] = photo.utf8.count
        }
    }
}
