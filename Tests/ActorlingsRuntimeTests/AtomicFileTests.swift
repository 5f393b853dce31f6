import ActorlingsCore
import ActorlingsRuntime
import Foundation
import Testing

@Suite("Writing a file atomically")
struct AtomicFileTests {
    /// Two writers of one process used to share one temporary name: one truncated the other's
    /// half-written file, or renamed it away first and made the other's rename fail.
    @Test("Many writers in one process at once: every write succeeds and the file holds one of them whole")
    func concurrentWritersInOneProcess() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-atomic-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/progress.json"
        let contents = (0..<16).map { String(repeating: "\($0 % 10)", count: 200_000) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for text in contents {
                group.addTask { try AtomicFile.write(Data(text.utf8), to: target) }
            }
            try await group.waitForAll()
        }
        let final = try String(contentsOfFile: target, encoding: .utf8)
        #expect(contents.contains(final))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["progress.json"], "no temporary file is left behind")
    }
}

@Suite("Updating the progress file")
struct ProgressUpdateTests {
    /// Watch mode's check, a key pressed meanwhile and a `check` in a second terminal each read,
    /// change and write the progress file: without the lock, one of two writers that read before
    /// the other wrote lost its change.
    @Test("Writers on many threads at once: every change is kept")
    func concurrentUpdatesAreAllKept() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-progress-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = ProgressStore(root: root)
        let writers = 8
        let updatesEach = 6
        // Threads of their own: a writer waits for the lock, which must not hold a pool thread.
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Thread {
                            for update in 0..<updatesEach {
                                let verdict = Verdict(exerciseID: "e\(writer)-\(update)", outcome: .passed(testCount: 1), duration: .zero)
                                _ = try? store.update { $0.record(verdict) }
                            }
                            done.resume()
                        }.start()
                    }
                }
            }
        }
        let progress = store.load().progress
        #expect(progress.exercises.count == writers * updatesEach)
        #expect(progress.exercises.values.allSatisfy { $0.status == .passed })
    }
}
