import ActorlingsCLI
import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Synchronization
import Testing

/// A terminal for in-process runs: scripted keys and resizes, a size that can change, and every
/// screen written kept.
final class ScriptedTerminal: Console {
    private let state = Mutex<(output: String, width: Int, height: Int, singleKey: Bool)>(("", 60, 20, false))
    /// The stream of the last `keys()` call, as a terminal's reader would be, and the keys typed
    /// while none listens (the terminal holds them): ending one stream (watch mode pauses its
    /// key reader for the pager) must not end the keys.
    private let keyInput = Mutex<(listener: (id: UUID, continuation: AsyncStream<UInt8>.Continuation)?, held: [UInt8])>((nil, []))
    private let resizeStream: AsyncStream<Void>
    private let resizeInput: AsyncStream<Void>.Continuation

    init(width: Int, height: Int) {
        (resizeStream, resizeInput) = AsyncStream.makeStream(of: Void.self)
        state.withLock {
            $0.width = width
            $0.height = height
        }
    }

    let isInteractive = true
    var width: Int { state.withLock { $0.width } }
    var height: Int { state.withLock { $0.height } }
    func write(_ text: String) { state.withLock { $0.output += text } }
    func writeError(_ text: String) { state.withLock { $0.output += text } }
    func readLine() -> String? { nil }
    func keys() -> AsyncStream<UInt8> {
        let (stream, continuation) = AsyncStream.makeStream(of: UInt8.self)
        let id = UUID()
        let held = keyInput.withLock { input in
            input.listener = (id, continuation)
            defer { input.held = [] }
            return input.held
        }
        for byte in held { continuation.yield(byte) }
        continuation.onTermination = { [weak self] _ in
            self?.keyInput.withLock { input in
                if input.listener?.id == id { input.listener = nil }
            }
        }
        return stream
    }
    func resizes() -> AsyncStream<Void> { resizeStream }
    func setSingleKeyInput(_ on: Bool) { state.withLock { $0.singleKey = on } }

    var output: String { state.withLock { $0.output } }
    var singleKeyInput: Bool { state.withLock { $0.singleKey } }

    func press(_ key: Character) {
        keyInput.withLock { input in
            for byte in String(key).utf8 {
                if let listener = input.listener, case .enqueued = listener.continuation.yield(byte) { continue }
                input.listener = nil
                input.held.append(byte)
            }
        }
    }

    func resize(width: Int, height: Int) {
        state.withLock {
            $0.width = width
            $0.height = height
        }
        resizeInput.yield()
    }

    /// Each whole screen drawn so far, escape codes removed.
    var screens: [String] {
        output.components(separatedBy: "\u{1B}[H\u{1B}[2J\u{1B}[3J").dropFirst().map(TerminalText.removingEscapes)
    }

    /// Waits (bounded) until a screen drawn after the first `count` ones contains `needle`;
    /// returns how many screens there are then. The bound is generous: a first check compiles
    /// the exercise and its tests, which takes minutes on a loaded 2-core machine.
    @discardableResult
    func waitForScreen(containing needle: String, after count: Int = 0, seconds: Double = 180) async throws -> Int {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(seconds)
        while clock.now < end {
            let screens = screens
            if screens.dropFirst(count).contains(where: { $0.contains(needle) }) { return screens.count }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no screen showed \"\(needle)\"; the last one: \(screens.last ?? "none")")
        throw CancellationError()
    }
}

@Suite("Watch mode in-process, through the Console")
struct WatchModeInProcessTests {
    @Test("Verdicts, a deliberate skip, the list, a resize: every screen fits the terminal")
    func skipListAndResize() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let terminal = ScriptedTerminal(width: 60, height: 40)
        let run = Task {
            await Actorlings.run(
                arguments: ["watch", "--color", "never"], environment: ProcessInfo.processInfo.environment, currentDirectory: course, console: terminal,
                sandboxLauncher: TestPaths.binary)
        }
        var seen = try await terminal.waitForScreen(containing: "passing passed")
        #expect(terminal.singleKeyInput)
        terminal.press("n")
        seen = try await terminal.waitForScreen(containing: "compile-error does not compile yet", after: seen)
        terminal.press("n")
        seen = try await terminal.waitForScreen(containing: "Press n again to skip it", after: seen)
        terminal.press("n")
        seen = try await terminal.waitForScreen(containing: "failing-test: 1 of", after: seen)
        terminal.press("l")
        seen = try await terminal.waitForScreen(containing: "↷ compile-error", after: seen)
        let wide = seen
        terminal.resize(width: 32, height: 12)
        seen = try await terminal.waitForScreen(containing: "q quit", after: seen)
        terminal.press("q")
        #expect(await run.value == .success)
        #expect(!terminal.singleKeyInput, "the terminal is back in line mode")

        for (index, screen) in terminal.screens.enumerated() {
            let narrow = index >= wide
            // Leaving watch mode moves to a new line after the last screen.
            let lines = (screen.hasSuffix("\n") ? String(screen.dropLast()) : screen).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= (narrow ? 12 : 40), "screen \(index) is taller than the terminal")
            for line in lines { #expect(TerminalText.width(of: String(line)) <= (narrow ? 32 : 60), "screen \(index): \(line)") }
        }
        let progress = try String(contentsOfFile: course + "/.actorlings/progress.json", encoding: .utf8)
        #expect(progress.contains("\"status\" : \"skipped\""))
        #expect(progress.contains("\"current\" : \"failing-test\""))
    }

    @Test("A single n on an unsolved exercise only offers the skip, and any other key withdraws it")
    func skipNeedsTwoPresses() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        try LearnerProgressFile.write(["passing": .passed], current: "compile-error", in: course)
        let terminal = ScriptedTerminal(width: 80, height: 24)
        let run = Task {
            await Actorlings.run(
                arguments: ["watch", "--color", "never"], environment: ProcessInfo.processInfo.environment, currentDirectory: course, console: terminal,
                sandboxLauncher: TestPaths.binary)
        }
        var seen = try await terminal.waitForScreen(containing: "compile-error does not compile yet")
        terminal.press("n")
        seen = try await terminal.waitForScreen(containing: "Press n again", after: seen)
        terminal.press("x")
        terminal.press("n")
        seen = try await terminal.waitForScreen(containing: "Press n again", after: seen)
        terminal.press("q")
        #expect(await run.value == .success)
        #expect(!terminal.screens.contains { $0.contains("failing-test —") }, "it never moved on")
        let progress = try String(contentsOfFile: course + "/.actorlings/progress.json", encoding: .utf8)
        #expect(!progress.contains("skipped"))
    }
}

/// Writes a progress file, as an earlier session would have left it.
enum LearnerProgressFile {
    static func write(_ statuses: [String: ExerciseProgress.Status], current: String, in course: String) throws {
        let progress = LearnerProgress(current: current, exercises: statuses.mapValues { ExerciseProgress(status: $0) })
        try FileManager.default.createDirectory(atPath: course + "/.actorlings", withIntermediateDirectories: true)
        try ProgressDecoding.encode(progress).write(to: URL(fileURLWithPath: course + "/.actorlings/progress.json"))
    }
}

@Suite("Working alongside watch mode")
struct WatchModeSharingTests {
    @Test("check, solution and reset in a second terminal work while watch mode runs, and watch mode sees the reset")
    func secondTerminal() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        try await commitAsShipped(course)
        let terminal = ScriptedTerminal(width: 80, height: 40)
        let run = Task {
            await Actorlings.run(
                arguments: ["watch", "--color", "never"], environment: ProcessInfo.processInfo.environment, currentDirectory: course,
                console: terminal,
                sandboxLauncher: TestPaths.binary)
        }
        var seen = try await terminal.waitForScreen(containing: "passing passed")

        let check = try await runActorlings(["check", "compile-error"], in: course)
        #expect(check.status == 1, "a verdict, not a refusal: \(check.errors)")
        let solution = try await runActorlings(["solution", "passing"], in: course)
        #expect(solution.status == 0, "\(solution.errors)")
        #expect(solution.output.contains("Yours (-) against the reference"))

        let source = course + "/Exercises/00-basics/passing/Sources/Code.swift"
        try "func add(_ a: Int, _ b: Int) -> Int {\n    a +\n}\n".write(toFile: source, atomically: true, encoding: .utf8)
        seen = try await terminal.waitForScreen(containing: "passing does not compile yet", after: seen)
        let reset = try await runActorlings(["reset", "passing", "--yes"], in: course)
        #expect(reset.status == 0, "\(reset.errors)")
        seen = try await terminal.waitForScreen(containing: "passing passed", after: seen)

        terminal.press("q")
        #expect(await run.value == .success)
        // The second terminal's check is in the progress watch mode kept writing.
        let progress = try String(contentsOfFile: course + "/.actorlings/progress.json", encoding: .utf8)
        #expect(progress.contains("\"compile-error\""))
    }
}
