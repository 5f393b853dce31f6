// A photo app's backup library, migrated to NonisolatedNonsendingByDefault one declaration at a
// time: the work that must stay on the pool says `@concurrent`; the helpers that only wait for
// what they are given, and the function types they take, follow their caller and say so.

/// A photo waiting for its backup.
struct Photo: Sendable {
    let name: String
    let pixels: [UInt8]
}

enum BackupError: Error { case noMirrorAnswered }

/// Sends one photo, with its checksum, to the backup server.
typealias UploadStep = nonisolated(nonsending) @Sendable (Photo, UInt64) async throws -> Void

/// Hashes, shrinks and backs up the photos of the library.
struct PhotoBackup: Sendable {
    let previewWidth: Int

    /// A checksum of every pixel, so that the server can skip the photos it has: real work.
    nonisolated(nonsending) func checksum(of photo: Photo) async -> UInt64 {
        await Task { @concurrent in
            TraceLog.note("checksum")
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in photo.pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }.value
    }

    /// The photo shrunk for the backup screen's grid: real work too.
    nonisolated(nonsending) func preview(of photo: Photo) async -> [UInt8] {
        await Task { @concurrent in
            TraceLog.note("preview")
            let step = max(1, photo.pixels.count / previewWidth)
            return stride(from: 0, to: photo.pixels.count, by: step).map { photo.pixels[$0] }
        }.value
    }

    /// Backs the photos up one after another with the step it is given; returns how many.
    nonisolated(nonsending) func backUp(_ photos: [Photo], with upload: UploadStep) async throws -> Int {
        TraceLog.note("backUp")
        for photo in photos {
            try await upload(photo, await checksum(of: photo))
        }
        return photos.count
    }
}

/// Asks the backup mirrors in order and returns the first answer.
nonisolated(nonsending) func fromFirstMirror<Answer: Sendable>(
    _ mirrors: [String], _ request: nonisolated(nonsending) @Sendable (String) async throws -> Answer
) async throws -> Answer {
    TraceLog.note("fromFirstMirror")
    for mirror in mirrors {
        if let answer = try? await request(mirror) { return answer }
    }
    throw BackupError.noMirrorAnswered
}
