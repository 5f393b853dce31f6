import ActorlingsCLI
import Foundation
import Synchronization

/// A console that records everything, for running commands in-process.
final class RecordingConsole: Console {
    private let state = Mutex<(output: String, errors: String, answers: [String])>(("", "", []))
    let isInteractive: Bool
    let width = 80

    init(interactive: Bool = false, answers: [String] = []) {
        isInteractive = interactive
        state.withLock { $0.answers = answers }
    }

    func write(_ text: String) { state.withLock { $0.output += text } }
    func writeError(_ text: String) { state.withLock { $0.errors += text } }
    func readLine() -> String? {
        state.withLock { $0.answers.isEmpty ? nil : $0.answers.removeFirst() }
    }

    var output: String { state.withLock { $0.output } }
    var errors: String { state.withLock { $0.errors } }
}

enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent().path
    static let fixtureCourse = testsDirectory.appendingPathComponent("Fixtures/course").path

    /// The `actorlings` binary SwiftPM built next to the test bundle.
    ///
    /// On macOS `swift test` runs Swift Testing through `swiftpm-testing-helper` in the toolchain,
    /// so `argv[0]` leads nowhere near the build folder; the loaded test bundle does, and this
    /// file's own path gives the package's default `.build/debug` as a last resort.
    static var binary: String {
        let starts = [URL(fileURLWithPath: CommandLine.arguments[0])] + Bundle.allBundles.map(\.bundleURL)
        for start in starts {
            var directory = start.deletingLastPathComponent()
            while directory.path != "/" {
                let candidate = directory.appendingPathComponent("actorlings").path
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        return repositoryRoot + "/.build/debug/actorlings"
    }

    /// A private copy of the fixture course, so checks can write `.actorlings/` freely.
    static func copyOfFixtureCourse() throws -> String {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("actorlings-fixture-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: fixtureCourse, toPath: destination)
        return destination
    }
}

/// Runs the real binary and returns its exit status and output.
///
/// The blocking wait happens on a thread of its own: done on the cooperative pool (two threads
/// on a 2-core machine), it would starve every other async test running in parallel.
/// With `asUser`, the binary runs as that user (through `setpriv`; the caller must be root).
func runActorlings(
    _ arguments: [String], in directory: String, environment extra: [String: String] = [:], stdin: String? = nil, asUser: UInt32? = nil
) async throws -> (
    status: Int32, output: String, errors: String
) {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(
                with: Result { try runActorlingsBlocking(arguments, in: directory, environment: extra, stdin: stdin, asUser: asUser) })
        }.start()
    }
}

private func runActorlingsBlocking(
    _ arguments: [String], in directory: String, environment extra: [String: String], stdin: String?, asUser: UInt32?
) throws -> (
    status: Int32, output: String, errors: String
) {
    let process = Process()
    if let user = asUser {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", TestPaths.binary] + arguments
    } else {
        process.executableURL = URL(fileURLWithPath: TestPaths.binary)
        process.arguments = arguments
    }
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment.merge(extra) { $1 }
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = try stdin.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
    try process.run()
    // Read before waiting so a large output cannot fill the pipe and stall the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}

/// Runs git in `directory` with a throwaway identity (blocking: for test set-up only).
func git(_ arguments: [String], in directory: String) throws {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", directory, "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments
    git.standardOutput = FileHandle.nullDevice
    try git.run()
    git.waitUntilExit()
}

/// Makes `directory` a git repository whose first commit holds everything in it: the shipped state.
func commitAsShipped(_ directory: String) throws {
    try git(["init", "-q"], in: directory)
    try git(["add", "-A"], in: directory)
    try git(["commit", "-qm", "shipped"], in: directory)
}

extension TestPaths {
    /// A private copy of the fixture course named `name` (a folder of `Fixtures/`).
    static func copyOfFixture(named name: String) throws -> String {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("actorlings-\(name)-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: testsDirectory.appendingPathComponent("Fixtures/\(name)").path, toPath: destination)
        return destination
    }
}

/// Runs blocking set-up work (git, large copies) on a thread of its own, so it never holds one of
/// the cooperative pool's few threads while other tests wait for theirs.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
