// A photo app's backup, built in main actor mode. A batch uploads its photos side by side.

/// Backs photos up to the server, a batch at a time.
final class PhotoBackup {
    let uploader: any PhotoUploader

    init(uploader: any PhotoUploader) {
        self.uploader = uploader
    }

    /// Uploads `photos` side by side. The first rejected photo cancels the other uploads, and
    /// its error is thrown.
    func backUp(_ photos: [String]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for photo in photos {
                try Task.checkCancellation()  // a cancelled batch starts no more uploads
                group.addTask { [uploader] in
                    try await uploader.upload(photo)
                }
            }
            // The first upload to fail throws here, which cancels the others.
            try await group.next()
        }
    }
}
