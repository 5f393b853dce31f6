// A photo app's backup, built in main actor mode. A batch uploads its photos side by side.

/// Backs photos up to the server, a batch at a time.
final class PhotoBackup {
    let uploader: any PhotoUploader

    init(uploader: any PhotoUploader) {
        self.uploader = uploader
    }

    /// Uploads `photos` side by side. Reading the results makes a failure leave the group's
    /// body, which cancels the other uploads.
    func backUp(_ photos: [String]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for photo in photos {
                try Task.checkCancellation()  // a cancelled batch starts no more uploads
                group.addTask { [uploader] in
                    try await uploader.upload(photo)
                }
            }
            for try await _ in group {}
        }
    }
}
