import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// The interactive loop: check the current exercise on every save and react to single keys.
///
/// Everything that happens — a key, a save, a finished check, a signal — arrives as one
/// `Event` on one stream, and this loop is the only code that changes the state, so there is
/// no shared mutable state to protect. A save while a check runs cancels that check (its
/// processes are killed) and starts a new one.
struct WatchMode {
    enum Event: Sendable {
        case key(UInt8)
        case changed
        case checked(Verdict, generation: Int)
        case checkFailed(String, generation: Int)
        case signal(Int32)
    }

    /// How long a burst of file events must be quiet before a check starts. Editors save with a
    /// few events within milliseconds (write a temporary file, rename it); 30 ms covers that
    /// without adding much to save→verdict.
    static let debounce: Duration = .milliseconds(30)

    private(set) var session: Session
    let checker: ExerciseChecker

    private var progress: LearnerProgress
    private let writable: Bool
    private var exercise: Exercise
    private var verdict: Verdict?
    private var message: String?
    private var generation = 0
    private var checkTask: Task<Void, Never>?
    private var watcher: FileWatcher?
    private var watchTask: Task<Void, Never>?
    private let continuation: AsyncStream<Event>.Continuation
    private let events: AsyncStream<Event>

    init(session: Session, checker: ExerciseChecker, progress: ProgressStore.Loaded, exercise: Exercise) {
        self.session = session
        self.checker = checker
        self.progress = progress.progress
        self.writable = progress.writable
        self.exercise = exercise
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    }

    mutating func run() async throws -> ExitCode {
        let rawMode = Terminal.RawMode()
        try? rawMode.enable()
        defer {
            rawMode.restore()
            Terminal.write("\n")
        }
        let continuation = continuation
        let keys = Task {
            for await key in Terminal.keys() { continuation.yield(.key(key)) }
        }
        let signals = Task {
            for await signal in SignalWatcher.signals([SIGINT, SIGTERM, SIGHUP]) { continuation.yield(.signal(signal)) }
        }
        defer {
            keys.cancel()
            signals.cancel()
            checkTask?.cancel()
            watchTask?.cancel()
            watcher?.stop()
        }
        try startWatching()
        startCheck()
        for await event in events {
            switch event {
            case .signal:
                checkTask?.cancel()
                return .interrupted
            case .changed:
                startCheck()
            case .checked(let result, let generation) where generation == self.generation:
                verdict = result
                // A pass shows what comes next: pacing may have moved since watch mode started.
                if result.outcome.isPassed { session = session.reloadingPacing() }
                progress.record(result)
                session.save(progress, writable: writable)
                redraw()
            case .checkFailed(let reason, let generation) where generation == self.generation:
                message = "Actorlings could not check this exercise: \(reason)"
                redraw()
            case .checked, .checkFailed:
                continue
            case .key(let key):
                if let code = try handle(key) { return code }
            }
        }
        return .success
    }

    /// Returns an exit code when the key ends watch mode.
    private mutating func handle(_ key: UInt8) throws -> ExitCode? {
        switch Character(UnicodeScalar(key)) {
        case "q", "Q", "\u{4}":
            return .success
        case "h", "H":
            var entry = progress.exercises[exercise.id] ?? ExerciseProgress()
            entry.hintsShown = min(exercise.hints.count, entry.hintsShown + 1)
            progress.exercises[exercise.id] = entry
            session.save(progress, writable: writable)
            message = session.renderHints(exercise, shown: entry.hintsShown)
            redraw()
        case "l", "L":
            session = session.reloadingPacing()
            message = JourneyRenderer(palette: session.palette, width: session.console.width).render(course: session.course, progress: progress)
            redraw()
        case "s", "S":
            message = (try? session.lessonText(exercise.id)).map {
                TerminalMarkdownRenderer(palette: session.palette, width: min(session.console.width, 100)).render(MarkdownDocument(parsing: $0))
            }
            redraw()
        case "r", "R":
            message = nil
            startCheck()
        case "n", "N":
            session = session.reloadingPacing()
            guard progress.isPassed(exercise.id) else {
                message = "Finish \(exercise.id) first: it moves on once it passes."
                redraw()
                return nil
            }
            guard let next = session.nextExercise(after: exercise) else {
                message = session.pacingMessage() ?? "That was the last exercise. Congratulations!"
                redraw()
                return nil
            }
            exercise = next
            progress.current = next.id
            session.save(progress, writable: writable)
            verdict = nil
            message = nil
            try startWatching()
            startCheck()
        case "\r", "\n", " ":
            message = nil
            redraw()
        default:
            break
        }
        return nil
    }

    private mutating func startWatching() throws {
        watchTask?.cancel()
        watcher?.stop()
        // The tests too: an edited test file should be reported at once, not at the next save.
        let watcher = try FileWatcher(directories: [checker.absolute(exercise.sourcesPath), checker.absolute(exercise.testsPath)])
        self.watcher = watcher
        let continuation = continuation
        watchTask = Task {
            for await _ in watcher.changes(debounce: Self.debounce) { continuation.yield(.changed) }
        }
    }

    private mutating func startCheck() {
        checkTask?.cancel()
        generation += 1
        let generation = generation
        let checker = checker
        let exercise = exercise
        let continuation = continuation
        redraw(checking: true)
        checkTask = Task {
            do {
                let verdict = try await checker.check(exercise)
                continuation.yield(.checked(verdict, generation: generation))
            } catch is CancellationError {
                return
            } catch {
                continuation.yield(.checkFailed("\(error)", generation: generation))
            }
        }
    }

    private func redraw(checking: Bool = false) {
        let palette = session.palette
        let all = session.course.exercises
        let position = (all.firstIndex { $0.id == exercise.id } ?? 0) + 1
        var screen = Terminal.clearScreen()
        screen +=
            palette.apply(.boldCyan, "Actorlings") + " · step \(exercise.stepNumber) · "
            + palette.apply(.bold, exercise.id) + " — \(exercise.title) " + palette.apply(.dim, "(\(position)/\(all.count))") + "\n"
        screen += palette.apply(.dim, "Edit " + exercise.sourcePaths.joined(separator: ", ") + " and save.") + "\n\n"
        if checking {
            screen += palette.apply(.dim, "Checking…") + "\n"
        } else if let verdict {
            var renderer = session.verdictRenderer()
            renderer.inWatchMode = true
            screen += renderer.render(verdict, exercise: exercise, next: session.nextExercise(after: exercise))
        }
        if let message {
            screen += "\n" + message.trimmingCharacters(in: .newlines) + "\n"
        }
        let passed = all.filter { progress.isPassed($0.id) }.count
        screen += "\n" + JourneyRenderer(palette: palette, width: session.console.width).progressBar(done: passed, total: all.count)
        screen += "\n" + palette.apply(.dim, "h hint · l list · s lesson · r re-run · n next · q quit") + "\n"
        Terminal.write(screen)
    }
}

extension Session {
    func watch() async throws -> ExitCode {
        let checker = try await makeChecker()
        let loaded = loadProgress()
        guard let exercise = loaded.progress.currentExercise(in: course) else { return status() }
        var mode = WatchMode(session: self, checker: checker, progress: loaded, exercise: exercise)
        return try await mode.run()
    }
}
