// The photo app's world, which this exercise doesn't change. Built in main actor mode.

/// Uploads one photo to the backup server.
nonisolated protocol PhotoUploader: Sendable {
    func upload(_ photo: String) async throws
}

/// Why the server refused a photo.
nonisolated enum UploadError: Error, Equatable {
    case rejected(String)
}
