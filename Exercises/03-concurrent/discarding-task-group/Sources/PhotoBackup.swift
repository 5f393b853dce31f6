// A photo app's backup, built in main actor mode. A batch uploads its photos side by side.

/// Backs photos up to the server, a batch at a time.
final class PhotoBackup {
    let uploader: any PhotoUploader

    init(uploader: any PhotoUploader) {
        self.uploader = uploader
    }

    // TODO: when the server rejects one photo of a batch, the backup still reports success,
    // and the other photos keep uploading until each one is done — over the user's mobile
    // data. A rejected photo must fail the whole batch with its error, and stop the other
    // uploads at once. The photos still upload side by side.
    func backUp(_ photos: [String]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for photo in photos {
                try Task.checkCancellation()  // a cancelled batch starts no more uploads
                group.addTask { [uploader] in
                    try await uploader.upload(photo)
                }
            }
        }
    }
}
