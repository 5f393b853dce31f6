import InterleavingHarness
import Synchronization
import Testing

@testable import DiscardingTaskGroup

/// An uploader whose uploads wait until the test answers them, or until they are cancelled.
actor ControlledUploader: PhotoUploader {
    private var waiting: [String: CheckedContinuation<Void, any Error>] = [:]
    private var succeedAtOnce = false
    private(set) var cancelled: [String] = []

    func upload(_ photo: String) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    cancelled.append(photo)
                    continuation.resume(throwing: CancellationError())
                } else if succeedAtOnce {
                    continuation.resume()
                } else {
                    waiting[photo] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelUpload(of: photo) }
        }
    }

    private func cancelUpload(of photo: String) {
        guard let continuation = waiting.removeValue(forKey: photo) else { return }
        cancelled.append(photo)
        continuation.resume(throwing: CancellationError())
    }

    var waitingCount: Int { waiting.count }

    func reject(_ photo: String) {
        waiting.removeValue(forKey: photo)?.resume(throwing: UploadError.rejected(photo))
    }

    /// Lets every upload, waiting or still to come, succeed.
    func succeedFromNowOn() {
        succeedAtOnce = true
        for continuation in waiting.values {
            continuation.resume()
        }
        waiting.removeAll()
    }
}

/// How the batch ended, once it has.
final class BatchOutcome {
    var error: (any Error)?
    var isFinished = false
}

/// Starts backing up `photos`, and records how it ends in the returned outcome.
private func startBatch(_ photos: [String], with backup: PhotoBackup) -> BatchOutcome {
    let outcome = BatchOutcome()
    Task {
        do {
            try await backup.backUp(photos)
        } catch {
            outcome.error = error
        }
        outcome.isFinished = true
    }
    return outcome
}

/// Returns as soon as `condition` holds, or `false` after two seconds. The deadline only
/// bounds how long a wrong answer makes the test wait: a right one returns at once.
private func eventually(_ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(2)
    while await !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

private let photos = ["beach.heic", "cake.heic", "dog.heic"]

@Suite(.serialized) struct PhotoBackupTests {
    @Test func aBatchCancelledBeforeItBeginsStartsNoUpload() async {
        let uploader = ControlledUploader()
        let backup = PhotoBackup(uploader: uploader)
        await withTaskGroup(of: Void.self) { group in
            // The screen closed before the batch began: the batch's task is cancelled from the start.
            group.cancelAll()
            group.addTask { try? await backup.backUp(photos) }
        }
        #expect(
            await uploader.cancelled.isEmpty,
            "a cancelled batch still started uploads (each then cancelled): check for cancellation before starting each one")
    }

    @Test func thePhotosUploadSideBySide() async {
        let uploader = ControlledUploader()
        let outcome = startBatch(photos, with: PhotoBackup(uploader: uploader))
        var mostAtOnce = 0
        let allUnderWay = await eventually {
            let now = await uploader.waitingCount
            mostAtOnce = max(mostAtOnce, now)
            return now == 3
        }
        #expect(
            allUnderWay,
            "at most \(mostAtOnce) of the 3 uploads were under way at once: a batch should upload its photos side by side"
        )
        await uploader.succeedFromNowOn()
        #expect(await eventually { outcome.isFinished }, "the batch should end once every photo is uploaded")
        #expect(outcome.error == nil, "no photo was rejected, yet the batch failed")
    }

    @Test func aRejectedPhotoStopsTheOtherUploads() async {
        let uploader = ControlledUploader()
        let outcome = startBatch(photos, with: PhotoBackup(uploader: uploader))
        #expect(await eventually { await uploader.waitingCount == 3 }, "all three uploads should start")
        await uploader.reject("cake.heic")
        let stopped = await eventually { outcome.isFinished }
        #expect(stopped, "the other uploads kept going after one photo was rejected: the failure must cancel them")
        if stopped {
            #expect(await uploader.cancelled.sorted() == ["beach.heic", "dog.heic"])
        } else {
            await uploader.succeedFromNowOn()
            _ = await eventually { outcome.isFinished }
        }
        if let error = outcome.error {
            #expect(
                error as? UploadError == .rejected("cake.heic"),
                "the batch threw \(error), not the rejected upload's error: the batch must throw the error of the upload that failed")
        } else if outcome.isFinished {
            Issue.record("a rejected photo was reported as a successful backup: the batch must throw the upload's error")
        } else {
            Issue.record("the batch never ended, so the rejected upload's error reached nobody")
        }
    }
}

/// An uploader whose every upload takes two steps, a point where other tasks run first between
/// them; a cancelled upload stops at its next step. It notes each step in the trace.
nonisolated final class PacedUploader: PhotoUploader {
    private let done = Mutex<[String]>([])
    var uploaded: [String] { done.withLock { $0 } }

    func upload(_ photo: String) async throws {
        Interleavings.note("starts uploading \(photo)")
        for _ in 1...2 {
            await Interleavings.pause()
            if Task.isCancelled {
                Interleavings.note("stops uploading \(photo)")
                throw CancellationError()
            }
        }
        done.withLock { $0.append(photo) }
        Interleavings.note("has uploaded \(photo)")
    }
}

nonisolated struct ClosedTheScreen: Error {}

/// The user closes the screen at every moment of a batch, in two hundred orders (seeded, the same
/// on every machine): before it begins, while the photos upload, after the last one. A batch that
/// did not upload every photo must not look finished: it throws `CancellationError`. The batch
/// starts on the main actor, which the schedule never keeps busy (`settlesMainActor`).
@Test func closingTheScreenAtAnyMomentStopsTheBatch() async {
    await Interleavings.explore(schedules: 200, settlesMainActor: true) {
        let photos = ["beach.heic", "cake.heic", "dog.heic"]
        let uploader = PacedUploader()
        let backup = await PhotoBackup(uploader: uploader)
        let ending = Mutex<String?>(nil)
        @Sendable func backingUp() async throws {
            let outcome: String
            do {
                try await backup.backUp(photos)
                outcome = "reports success"
            } catch is CancellationError {
                outcome = "throws CancellationError"
            } catch {
                outcome = "throws \(error)"
            }
            Interleavings.note(outcome)
            ending.withLock { $0 = outcome }
        }
        @Sendable func closing() async throws {
            await Interleavings.pause()
            Interleavings.note("closes the screen")
            throw ClosedTheScreen()
        }
        do {
            // Closing ends the group by throwing, which cancels the batch's task.
            try await Interleavings.concurrentlyCancellingOnError([("batch", backingUp), ("user", closing)])
        } catch is ClosedTheScreen {}
        let outcome = ending.withLock { $0 } ?? "never ends"
        let count = uploader.uploaded.count
        if count < photos.count {
            try Interleavings.check(
                outcome == "throws CancellationError",
                "the batch was cancelled after \(count) of \(photos.count) photos and \(outcome): a cancelled batch must "
                    + "not look finished — it throws `CancellationError` (`try Task.checkCancellation()` throws it, and a "
                    + "throwing group rethrows its children's)")
        } else {
            try Interleavings.check(
                outcome == "reports success" || outcome == "throws CancellationError",
                "every photo was uploaded, yet the batch \(outcome)")
        }
    }
}
