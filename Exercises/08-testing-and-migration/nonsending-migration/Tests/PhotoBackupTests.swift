import Synchronization
import Testing

@testable import NonsendingMigration

/// The error of an upload that the backup server refused.
struct UploadRefused: Error {}

/// Plays the photo screen: every test runs on the main actor, as the screen does. The steps the
/// tests hand to the library are `@MainActor` closures, which the migration mode has no reason
/// to warn about, whatever you decide for the function types that take them.
@MainActor
struct PhotoBackupTests {
    let photos = [
        Photo(name: "beach", pixels: (0..<200).map { UInt8($0) }),
        Photo(name: "dog", pixels: [7, 1, 7, 1]),
    ]

    @Test func hashingAndShrinkingStayOffTheCallersActor() async throws {
        let log = TraceLog()
        let backup = PhotoBackup(previewWidth: 10)
        await TraceLog.$current.withValue(log) {
            _ = await backup.checksum(of: photos[0])
            _ = await backup.preview(of: photos[0])
        }
        for step in ["checksum", "preview"] {
            let place = try #require(log.place(of: step), "'\(step)' never ran in the task that called it")
            #expect(
                place == "off the main actor",
                "'\(step)' ran on the caller's actor: real work that used to run on the pool now freezes the photo screen")
        }
    }

    @Test func theHelpersRunWhereTheirCallerRuns() async throws {
        let log = TraceLog()
        let backup = PhotoBackup(previewWidth: 10)
        try await TraceLog.$current.withValue(log) {
            _ = try await backup.backUp(photos) { @MainActor _, _ in }
            _ = try await fromFirstMirror(["eu", "us"]) { @MainActor mirror in mirror }
        }
        for step in ["backUp", "fromFirstMirror"] {
            let place = try #require(log.place(of: step), "'\(step)' never ran in the task that called it")
            #expect(
                place == "the main actor",
                "'\(step)' left its caller's actor: it only waits for what it is given, and the fix-it that keeps it on the pool keeps an old habit")
        }
    }

    @Test func everyPhotoIsUploadedWithItsChecksum() async throws {
        let backup = PhotoBackup(previewWidth: 2)
        let uploaded = Mutex<[String]>([])
        let count = try await backup.backUp(photos) { @MainActor photo, checksum in
            uploaded.withLock { $0.append("\(photo.name) \(checksum)") }
        }
        #expect(count == 2)
        #expect(uploaded.withLock { $0 } == ["beach \(await backup.checksum(of: photos[0]))", "dog 8490618346458068261"])
        #expect(await backup.preview(of: photos[1]) == [7, 7])
    }

    @Test func theFirstMirrorThatAnswersWins() async throws {
        let answer = try await fromFirstMirror(["down", "eu", "us"]) { @MainActor mirror in
            if mirror == "down" { throw BackupError.noMirrorAnswered }
            return mirror
        }
        #expect(answer == "eu")
        await #expect(throws: BackupError.self) {
            try await fromFirstMirror(["down"]) { @MainActor _ -> String in throw BackupError.noMirrorAnswered }
        }
    }

    @Test func aFailedUploadStopsTheBackup() async {
        let backup = PhotoBackup(previewWidth: 2)
        let sent = Mutex<[String]>([])
        await #expect(throws: UploadRefused.self, "an upload that failed did not reach the screen") {
            _ = try await backup.backUp(photos + [Photo(name: "cat", pixels: [3])]) { @MainActor photo, _ in
                sent.withLock { $0.append(photo.name) }
                if photo.name == "dog" { throw UploadRefused() }
            }
        }
        #expect(sent.withLock { $0 } == ["beach", "dog"], "photos were sent after an upload had failed")
    }
}
