import ActorlingsRuntime
import Foundation
import Testing

/// Serialized so that no other watcher opens or closes descriptors while one test checks that
/// its watcher's descriptors are closed.
@Suite("FileWatcher", .serialized)
struct FileWatcherTests {
    @Test func reportsAFileWrittenInPlace() async throws {
        try await withScratchDirectory { directory in
            let path = directory + "/main.swift"
            try write("let a = 1\n", to: path)
            let watcher = try FileWatcher(directories: [directory])
            let changes = watcher.changes()
            try write("let a = 2\n", to: path)
            let batches = await collect(changes) { $0.contains(path) }
            #expect(batches != nil)
            watcher.stop()
        }
    }

    @Test func reportsAFileSavedByRename() async throws {
        try await withScratchDirectory { directory in
            let path = directory + "/x.swift"
            try write("let a = 1\n", to: path)
            let watcher = try FileWatcher(directories: [directory])
            let changes = watcher.changes()
            try write("let a = 2\n", to: path + ".tmp")
            #expect(rename(path + ".tmp", path) == 0)
            let batches = try #require(await collect(changes) { $0.contains(path) })
            #expect(!batches.joined().contains(path + ".tmp"))
            watcher.stop()
        }
    }

    @Test func reportsANewFile() async throws {
        try await withScratchDirectory { directory in
            let watcher = try FileWatcher(directories: [directory])
            let changes = watcher.changes()
            let path = directory + "/new.swift"
            try write("struct New {}\n", to: path)
            #expect(await collect(changes) { $0.contains(path) } != nil)
            watcher.stop()
        }
    }

    @Test func watchesSeveralDirectories() async throws {
        try await withScratchDirectory { first in
            try await withScratchDirectory { second in
                let watcher = try FileWatcher(directories: [first + "/", second])
                #expect(watcher.directories == [first, second])
                let changes = watcher.changes()
                let paths = [first + "/a.swift", second + "/b.swift"]
                for path in paths { try write("//\n", to: path) }
                #expect(await collect(changes) { $0.isSuperset(of: paths) } != nil)
                watcher.stop()
            }
        }
    }

    @Test func ignoresEditorFilesAndOtherExtensions() async throws {
        try await withScratchDirectory { directory in
            let watcher = try FileWatcher(directories: [directory])
            let changes = watcher.changes()
            let ignored = [
                ".main.swift.swp", "main.swift.swp", "main.swift~", "4913", ".#main.swift",
                "#main.swift#", "notes.txt", "main.swift.tmp", "Makefile",
            ].map { directory + "/" + $0 }
            for path in ignored { try write("junk\n", to: path) }
            // Events arrive in order, so once the marker is seen, any ignored file would have been.
            let marker = directory + "/marker.swift"
            try write("//\n", to: marker)
            let batches = try #require(await collect(changes) { $0.contains(marker) })
            #expect(batches.joined().allSatisfy { $0 == marker })
            watcher.stop()
        }
    }

    @Test func coalescesABurstOfWrites() async throws {
        try await withScratchDirectory { directory in
            let watcher = try FileWatcher(directories: [directory])
            // A debounce with room for a loaded machine: in the full suite on two cores the 20
            // writes were seen more than the default 50 ms apart (8 and 9 batches, twice).
            let changes = watcher.changes(debounce: .milliseconds(500))
            let paths = (0..<20).map { directory + "/file\($0).swift" }
            for path in paths { try write("//\n", to: path) }
            let batches = try #require(await collect(changes) { $0.isSuperset(of: paths) })
            #expect(batches.count <= 5, "20 writes in a burst gave \(batches.count) notifications")
            watcher.stop()
        }
    }

    @Test func stopFinishesTheStreamAndClosesDescriptors() async throws {
        try await withScratchDirectory { directory in
            let watcher = try FileWatcher(directories: [directory])
            let opened = watcher.descriptors.map { ($0, identity(of: $0)) }
            #expect(!opened.isEmpty)
            let changes = watcher.changes()
            watcher.stop()
            watcher.stop()
            #expect(await awaitNext(changes) == .finished)
            // Closed, or already reused for something else: either way no longer ours.
            for (descriptor, original) in opened {
                #expect(
                    identity(of: descriptor) != original, "descriptor \(descriptor) is still open")
            }
            #expect(await awaitNext(watcher.changes()) == .finished)
        }
    }

    @Test func droppingTheWatcherStopsIt() async throws {
        try await withScratchDirectory { directory in
            var watcher: FileWatcher? = try FileWatcher(directories: [directory])
            let opened = watcher?.descriptors.map { ($0, identity(of: $0)) } ?? []
            #expect(!opened.isEmpty)
            watcher = nil
            let closed = await eventually {
                opened.allSatisfy { descriptor, original in identity(of: descriptor) != original }
            }
            #expect(closed)
        }
    }

    @Test func theStreamKeepsItsWatcherAlive() async throws {
        try await withScratchDirectory { directory in
            let changes = try FileWatcher(directories: [directory]).changes()
            let path = directory + "/kept.swift"
            try write("//\n", to: path)
            #expect(await collect(changes) { $0.contains(path) } != nil)
        }
    }

    @Test func aMissingDirectoryThrowsAnErrorNamingIt() throws {
        let missing = scratchPath("actorlings-missing")
        let error = #expect(throws: FileWatcherError.self) {
            try FileWatcher(directories: [missing])
        }
        #expect(error == .cannotWatch(directory: missing, reason: "it does not exist"))
        #expect(error?.description.contains(missing) == true)
    }

    @Test func aFileIsNotADirectory() async throws {
        try await withScratchDirectory { directory in
            let file = directory + "/plain.swift"
            try write("//\n", to: file)
            #expect(throws: FileWatcherError.self) {
                try FileWatcher(directories: [directory, file])
            }
        }
    }

    @Test(arguments: [
        ("main.swift", true), ("Exercise_01.swift", true), ("main.txt", false), ("swift", false),
        (".swift", false), (".main.swift.swp", false), ("main.swift~", false), ("4913", false),
        (".#main.swift", false), ("#main.swift#", false), ("main.swift.tmp", false),
    ])
    func nameFilter(name: String, accepted: Bool) {
        #expect(FileWatcher.NameFilter(extensions: ["swift"]).accepts(name) == accepted)
        #expect(FileWatcher.NameFilter(extensions: [".swift"]).accepts(name) == accepted)
    }
}

// MARK: - Helpers

/// The result of awaiting one element with a deadline.
enum StreamStep<Element: Sendable & Equatable>: Sendable, Equatable {
    case element(Element)
    case finished
    case timedOut
}

/// The next element of `stream`, or `.timedOut` after `timeout` so that a broken stream fails
/// the test instead of hanging the suite.
func awaitNext<Element: Sendable & Equatable>(
    _ stream: AsyncStream<Element>,
    within timeout: Duration = .seconds(5)
) async -> StreamStep<Element> {
    await withTaskGroup(of: StreamStep<Element>.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next().map(StreamStep.element) ?? .finished
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return .timedOut
        }
        let first = await group.next() ?? .timedOut
        group.cancelAll()
        return first
    }
}

/// The batches received until their union satisfies `done`; `nil` (and a recorded issue) if
/// the stream finished or went quiet first.
private func collect(
    _ stream: AsyncStream<Set<String>>,
    sourceLocation: SourceLocation = #_sourceLocation,
    until done: (Set<String>) -> Bool
) async -> [Set<String>]? {
    var batches: [Set<String>] = []
    while true {
        switch await awaitNext(stream) {
        case .element(let batch):
            batches.append(batch)
            if done(Set(batches.joined())) { return batches }
        case .finished, .timedOut:
            Issue.record("no matching change; got \(batches)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// Whether `condition` became true within five seconds, checked every 10 ms.
private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// What `descriptor` refers to (device and inode), or `nil` if it is closed.
private func identity(of descriptor: Int32) -> [UInt64]? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    return [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_mode)]
}

private func scratchPath(_ prefix: String) -> String {
    let name = "\(prefix)-\(UUID().uuidString)"
    return FileManager.default.temporaryDirectory.appendingPathComponent(name).path
}

private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

private func withScratchDirectory(_ body: (String) async throws -> Void) async throws {
    let directory = scratchPath("actorlings-watch")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await body(directory)
}
