import ActorlingsTestSupport
import Foundation
import Synchronization
import Testing

/// Watch mode in a real pseudo-terminal (util-linux `script`): first verdict, `n`, a save by
/// rename, and Ctrl-C — which must exit 130 and leave no test process behind.
@Suite("Watch mode in a terminal", .enabled(if: pseudoTerminalAvailable, "needs util-linux `script` for a pseudo-terminal"))
struct WatchModeTests {
    /// The terminal's output so far, filled by a reader thread.
    final class Screen: Sendable {
        private let text = Mutex("")
        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
        var contents: String { text.withLock { $0 } }

        /// Waits (polling, bounded) until the output after `offset` contains `needle`.
        func wait(for needle: String, after offset: Int = 0, seconds: Double = 60) async throws -> Int {
            let clock = ContinuousClock()
            let end = clock.now + .seconds(seconds)
            while clock.now < end {
                let now = contents
                if let range = now.range(of: needle, range: now.index(now.startIndex, offsetBy: min(offset, now.count))..<now.endIndex) {
                    return now.distance(from: now.startIndex, to: range.upperBound)
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("watch mode never showed \"\(needle)\"; screen ends with: \(contents.suffix(400))")
            throw CancellationError()
        }
    }

    @Test("Verdict, next exercise, re-check on a save by rename, and Ctrl-C")
    func session() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", "'\(TestPaths.binary)' watch", "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: course)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let screen = Screen()
        output.fileHandleForReading.readabilityHandler = { handle in screen.append(handle.availableData) }
        try process.run()
        defer {
            output.fileHandleForReading.readabilityHandler = nil
            if process.isRunning { process.terminate() }
        }

        var mark = try await screen.wait(for: "passing passed")
        mark = try await screen.wait(for: "q quit", after: mark)
        try input.fileHandleForWriting.write(contentsOf: Data("n".utf8))
        mark = try await screen.wait(for: "compile-error does not compile yet", after: mark)

        // Save like an editor: write a temporary file, then rename it over the original.
        let source = course + "/Exercises/00-basics/compile-error/Sources/Code.swift"
        try "func double(_ value: Int) -> Int {\n    value * 2\n}\n".write(toFile: source + ".tmp", atomically: false, encoding: .utf8)
        _ = rename(source + ".tmp", source)
        mark = try await screen.wait(for: "compile-error passed", after: mark)

        try input.fileHandleForWriting.write(contentsOf: Data([0x03]))  // Ctrl-C, through the terminal
        let clock = ContinuousClock()
        let sent = clock.now
        while process.isRunning, clock.now - sent < .seconds(10) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 130)
        let progress = try String(contentsOfFile: course + "/.actorlings/progress.json", encoding: .utf8)
        #expect(progress.contains("\"compile-error\""))
        #expect(progress.contains("\"current\" : \"compile-error\""))
    }
}
