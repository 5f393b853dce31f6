import Testing
@testable import CapturedVars

/// A cloud whose pages name their photos after their offset: "photo-50", "photo-51".
private let pagedCloud = CloudClient(
    page: { offset in ["photo-\(offset)", "photo-\(offset + 1)"] },
    upload: { _ in true }
)

/// Finishes uploads in the reverse order of the list: an upload waits until every photo after
/// it in the list is done. Uploads started one after the other would wait forever.
private actor ReversingCloud {
    let photos: [String]
    let failing: Set<String>
    private var done: Set<String> = []
    private var waiting: [String: CheckedContinuation<Void, Never>] = [:]

    init(photos: [String], failing: Set<String>) {
        self.photos = photos
        self.failing = failing
    }

    func upload(_ photo: String) async -> Bool {
        guard let index = photos.firstIndex(of: photo) else { return false }
        if !photos[(index + 1)...].allSatisfy(done.contains) {
            await withCheckedContinuation { waiting[photo] = $0 }
        }
        done.insert(photo)
        if index > 0 {
            waiting.removeValue(forKey: photos[index - 1])?.resume()
        }
        return !failing.contains(photo)
    }
}

@Test func eachPrefetchLoadsItsOwnPage() async {
    let engine = SyncEngine(client: pagedCloud)
    var pages: [[String]] = []
    for task in engine.prefetch(pages: 3, after: 100) {
        pages.append(await task.value)
    }
    #expect(pages == [["photo-150", "photo-151"], ["photo-200", "photo-201"], ["photo-250", "photo-251"]])
}

@Test func prefetchingNothingStartsNothing() {
    #expect(SyncEngine(client: pagedCloud).prefetch(pages: 0, after: 0).isEmpty)
}

@Test func failedUploadsAreReportedInTheOrderGiven() async {
    let photos = ["beach.jpg", "cake.jpg", "dog.jpg", "eclipse.jpg", "fern.jpg"]
    let cloud = ReversingCloud(photos: photos, failing: ["cake.jpg", "eclipse.jpg"])
    let engine = SyncEngine(client: CloudClient(page: { _ in [] }, upload: { await cloud.upload($0) }))
    #expect(await engine.uploadAll(photos) == ["cake.jpg", "eclipse.jpg"],
            "the failures came back in the order the uploads finished: let each task return its result, and collect the results in the order of the list")
}

@Test func noFailuresNoReport() async {
    let photos = ["a.jpg", "b.jpg", "c.jpg"]
    let cloud = ReversingCloud(photos: photos, failing: [])
    let engine = SyncEngine(client: CloudClient(page: { _ in [] }, upload: { await cloud.upload($0) }))
    #expect(await engine.uploadAll(photos).isEmpty)
}
