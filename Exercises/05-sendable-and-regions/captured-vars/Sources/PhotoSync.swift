// The sync engine of a photo library. It talks to the cloud through `CloudClient`, and it
// starts one task per request so that the requests run at the same time.

/// The cloud service. Any number of calls may run at once.
struct CloudClient: Sendable {
    /// The names of the photos on the page of the library that starts at `offset`.
    let page: @Sendable (_ offset: Int) async -> [String]
    /// Uploads one photo; `false` if the upload failed.
    let upload: @Sendable (_ photo: String) async -> Bool
}

struct SyncEngine {
    let client: CloudClient
    let pageSize = 50

    // TODO: the sync engine doesn't build: the compiler refuses both kinds of task below. What they
    // must do: prefetching three pages after the one at 100 loads the pages at 150, 200 and 250,
    // each once; and the upload report lists exactly the photos whose upload failed, in the order
    // given, whichever upload finishes first.

    /// Starts loading the `count` pages after the one at `offset`, all at once, so that they
    /// are ready when the user scrolls. Returns one task per page, in page order.
    func prefetch(pages count: Int, after offset: Int) -> [Task<[String], Never>] {
        var tasks: [Task<[String], Never>] = []
        var next = offset + pageSize
        for _ in 0..<count {
            tasks.append(Task { await client.page(next) })
            next += pageSize
        }
        return tasks
    }

    /// Uploads all the photos at once. Returns the ones that failed, in the order given.
    func uploadAll(_ photos: [String]) async -> [String] {
        var failed: [String] = []
        var uploads: [Task<Void, Never>] = []
        for photo in photos {
            uploads.append(Task {
                if await !client.upload(photo) {
                    failed.append(photo)
                }
            })
        }
        for upload in uploads {
            await upload.value
        }
        return failed
    }
}
