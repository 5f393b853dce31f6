import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// The interactive loop: check the current exercise on every save and react to single keys.
///
/// Everything that happens — a key, a save, a finished check, a resize, a signal — arrives as one
/// `Event` on one stream, and this loop is the only code that changes the state, so there is
/// no shared mutable state to protect. A save while a check runs cancels that check (its
/// processes are killed) and starts a new one. All terminal input and output goes through the
/// session's `Console`, so the loop runs in tests with scripted keys as well as in a terminal.
///
/// Watch mode holds the checkout's lock only while a check runs, and reads progress afresh
/// before changing it: `check`, `reset` and `solution` in another terminal work alongside it,
/// and a reset is seen as a save.
struct WatchMode {
    enum Event: Sendable {
        case key(UInt8)
        case changed
        case checked(Verdict, LearnerProgress, generation: Int)
        case checkFailed(String, generation: Int)
        case resized
        case signal(Int32)
        /// A second of a slow (sanitized) check: its progress line counts on.
        case tick(generation: Int)
    }

    /// How long a burst of file events must be quiet before a check starts. Editors save with a
    /// few events within milliseconds (write a temporary file, rename it); 30 ms covers that
    /// without adding much to save→verdict.
    static let debounce: Duration = .milliseconds(30)

    /// Reloaded when pacing may have moved (`classroom.toml`): after a pass, and on `l` and `n`.
    private(set) var session: Session
    let checker: ExerciseChecker

    private var progress: LearnerProgress
    private var exercise: Exercise
    private var verdict: Verdict?
    /// What the last key asked for (hints, the list); a new verdict replaces it.
    private var note: String?
    /// Set by `n` on an exercise that has not passed: a second `n` skips it.
    private var skipOffered = false
    /// `a` shows every diagnostic of the verdict, not only the first few.
    private var allDiagnostics = false
    private var generation = 0
    private var checking = false
    private var checkStarted = ContinuousClock.now
    private var tickTask: Task<Void, Never>?
    private var checkTask: Task<Void, Never>?
    private var keysTask: Task<Void, Never>?
    private var watcher: FileWatcher?
    private var watchTask: Task<Void, Never>?
    private let continuation: AsyncStream<Event>.Continuation
    private let events: AsyncStream<Event>

    init(session: Session, checker: ExerciseChecker, progress: ProgressStore.Loaded, exercise: Exercise) {
        self.session = session
        self.checker = checker
        self.progress = progress.progress
        self.exercise = exercise
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    }

    private var console: any Console { session.console }

    mutating func run() async throws -> ExitCode {
        console.setSingleKeyInput(true)
        defer {
            console.setSingleKeyInput(false)
            console.write("\n")
        }
        let continuation = continuation
        let resizes = console.resizes()
        let resizeTask = Task {
            for await _ in resizes { continuation.yield(.resized) }
        }
        let signals = Task {
            for await signal in SignalWatcher.signals([SIGINT, SIGTERM, SIGHUP]) { continuation.yield(.signal(signal)) }
        }
        defer {
            keysTask?.cancel()
            resizeTask.cancel()
            signals.cancel()
            checkTask?.cancel()
            tickTask?.cancel()
            watchTask?.cancel()
            watcher?.stop()
        }
        listenToKeys()
        try startWatching()
        startCheck()
        for await event in events {
            switch event {
            case .signal:
                checkTask?.cancel()
                return .interrupted
            case .changed:
                startCheck()
            case .resized:
                redraw()
            case .checked(let result, let recorded, let generation) where generation == self.generation:
                checking = false
                tickTask?.cancel()
                verdict = result
                progress = recorded
                note = nil
                // A pass shows what comes next: pacing may have moved since watch mode started.
                if result.outcome.isPassed { session = session.reloadingPacing() }
                redraw()
            case .checkFailed(let reason, let generation) where generation == self.generation:
                checking = false
                tickTask?.cancel()
                note = "Actorlings could not check this exercise: \(reason)"
                redraw()
            case .checked, .checkFailed:
                continue
            case .tick(let generation):
                if checking, generation == self.generation { redraw() }
            case .key(let key):
                if let code = try await handle(key) { return code }
            }
        }
        return .success
    }

    private mutating func listenToKeys() {
        let keys = console.keys()
        let continuation = continuation
        keysTask = Task {
            for await key in keys { continuation.yield(.key(key)) }
        }
    }

    /// Returns an exit code when the key ends watch mode.
    private mutating func handle(_ key: UInt8) async throws -> ExitCode? {
        let character = Character(UnicodeScalar(key))
        let offered = skipOffered
        skipOffered = false
        switch character {
        case "q", "Q", "\u{4}":
            return .success
        case "h", "H":
            // Chosen for the verdict on screen: a hint written for this error comes first.
            var hint = ""
            let (exercise, verdict, session) = (exercise, verdict, session)
            updateProgress { progress in
                hint = HintCommand.next(for: exercise, progress: &progress, verdict: verdict, inWatchMode: true, in: session)
            }
            note = hint
            redraw()
        case "a", "A":
            allDiagnostics.toggle()
            redraw()
        case "l", "L":
            session = session.reloadingPacing()
            progress = session.progressStore.load().progress
            let (palette, course, progress) = (session.palette, session.course, progress)
            let journey = { (width: Int) in JourneyRenderer(palette: palette, width: width).render(course: course, progress: progress) }
            note = await showInPager { width in Self.wrapped(journey(width), width: width) } ? nil : journey(console.width)
            redraw()
        case "v", "V":
            await showVerdict()
        case "s", "S":
            await showLesson()
        case "r", "R":
            note = nil
            startCheck()
        case "n", "N":
            try next(skipping: offered)
        case "\r", "\n", " ":
            note = nil
            redraw()
        default:
            redraw()
        }
        return nil
    }

    /// Moves on once the exercise passes; before that, a first `n` offers a skip and a second
    /// one records it.
    private mutating func next(skipping: Bool) throws {
        session = session.reloadingPacing()
        progress = session.progressStore.load().progress
        if !progress.isPassed(exercise.id) {
            guard skipping else {
                skipOffered = true
                note =
                    "\(exercise.id) has not passed yet. Press n again to skip it for now: it is recorded as skipped, "
                    + "not passed, and `list` and `grade` show it so. Any other key keeps you here."
                redraw()
                return
            }
            let id = exercise.id
            updateProgress { $0.skip(id) }
        }
        guard let next = progress.nextUnfinished(after: exercise.id, in: session.course) else {
            note = session.pacingMessage() ?? "That was the last exercise. Congratulations!"
            redraw()
            return
        }
        exercise = next
        updateProgress { $0.current = next.id }
        verdict = nil
        note = nil
        try startWatching()
        startCheck()
    }

    /// The lesson section in the pager, which owns the terminal until the learner quits it; the
    /// key reader pauses meanwhile, so that it does not take the pager's keys. The pager stays
    /// open on a short text too: one that quit at once would show it only until the redraw.
    private mutating func showLesson() async {
        guard let text = try? LessonCommand.text(exercise.id, in: session) else {
            note = "This exercise's lesson can't be read."
            redraw()
            return
        }
        let (palette, document) = (session.palette, MarkdownDocument(parsing: text))
        let rendered = { (width: Int) in TerminalMarkdownRenderer(palette: palette, width: min(width, 100)).render(document) }
        note = await showInPager(rendered) ? nil : rendered(console.width)
        redraw()
    }

    /// The whole verdict (and the note under it) in the pager, where `f` jumps to its first
    /// failure; wrapped at word boundaries here, so that the pager cuts only code.
    private mutating func showVerdict() async {
        let body = [verdictText(), note].compactMap { $0 }.joined(separator: "\n")
        guard !body.isEmpty else {
            redraw()
            return
        }
        // Code is kept whole: the pager cuts it at the screen's edge and scrolls sideways.
        _ = await showInPager({ width in Self.wrapped(body, width: width, code: .kept) }, jumpsToFirstFailure: true)
        redraw()
    }

    /// The text rendered for a width, in the pager, which owns the terminal until the learner
    /// quits it; the key reader pauses meanwhile, so that it does not take the pager's keys. False
    /// when no pager ran.
    ///
    /// The screen is erased first: the pager (`less -X`) starts drawing where the cursor is, which
    /// is on the footer's last line, and its first line would be written over the keys. The pager
    /// cuts long lines rather than wrap them, so prose is wrapped here; when the terminal changes
    /// size (its SIGWINCH goes to the pager's group, not ours, so the size is polled), the pager is
    /// ended and opened again on the text wrapped for the new width.
    private mutating func showInPager(_ render: (Int) -> String, jumpsToFirstFailure: Bool = false) async -> Bool {
        keysTask?.cancel()
        keysTask = nil
        console.setSingleKeyInput(false)
        let console = console
        var paged = false
        while true {
            let size = (console.width, console.height)
            let text = render(size.0)
            let jump = jumpsToFirstFailure ? WatchKeys.firstFailureLine(in: text) : nil
            console.write("\u{1B}[H\u{1B}[2J")
            let pager = Task { await console.page(text, staysOpen: true, firstFailureLine: jump) }
            let resize = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(200))
                    if Task.isCancelled { return false }
                    if (console.width, console.height) != size {
                        pager.cancel()
                        return true
                    }
                }
                return false
            }
            let shown = await pager.value
            paged = paged || shown
            resize.cancel()
            // Reopened after a resize whatever the pager's own status said: a pager ended by the
            // resize before it had started counted as not shown, and the learner was left on
            // the watch screen (seen once in a full test run on a loaded machine).
            guard await resize.value else { break }
        }
        console.setSingleKeyInput(true)
        listenToKeys()
        return paged
    }

    /// `text` wrapped at word boundaries to `width` columns, for the pager.
    private static func wrapped(_ text: String, width: Int, code: WatchScreen.CodeLines = .wrapped) -> String {
        WatchScreen(width: width, height: 1).wrap(text, code: code).joined(separator: "\n") + "\n"
    }

    /// Applies `change` to the progress on disk (another command may have changed it since) and
    /// saves it.
    private mutating func updateProgress(_ change: (inout LearnerProgress) -> Void) {
        progress = session.updateProgress(change)
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
        checking = true
        let generation = generation
        let checker = checker
        let exercise = exercise
        let continuation = continuation
        let session = session
        checkStarted = ContinuousClock.now
        tickTask?.cancel()
        tickTask = nil
        if exercise.settings.sanitizer != nil {
            tickTask = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    continuation.yield(.tick(generation: generation))
                }
            }
        }
        redraw()
        checkTask = Task {
            do {
                // Another actorlings (a `check` or `reset` in a second terminal) finishes first.
                let lock = try await CheckoutLock.acquire(root: session.root, command: "watch", waiting: .seconds(3600))
                let verdict = try await checker.check(exercise)
                let progress = session.updateProgress { $0.record(verdict) }
                withExtendedLifetime(lock) {}
                continuation.yield(.checked(verdict, progress, generation: generation))
            } catch is CancellationError {
                return
            } catch {
                continuation.yield(.checkFailed("\(error)", generation: generation))
            }
        }
    }

    /// The verdict on screen as the learner reads it; nil before the first one.
    private func verdictText() -> String? {
        guard let verdict else { return nil }
        var renderer = session.verdictRenderer()
        renderer.inWatchMode = true
        renderer.allDiagnosticsAdvice = "press a"
        if allDiagnostics { renderer.diagnosticLimit = .max }
        return renderer.render(verdict, exercise: exercise, next: progress.nextUnfinished(after: exercise.id, in: session.course))
    }

    /// Draws the whole screen again, at the terminal's current size.
    private func redraw() {
        let palette = session.palette
        let all = session.course.exercises
        let position = (all.firstIndex { $0.id == exercise.id } ?? 0) + 1
        let header =
            palette.apply(.boldCyan, "Actorlings") + " · step \(exercise.stepNumber) · "
            + palette.apply(.bold, exercise.id) + " — \(exercise.title) " + palette.apply(.dim, "(\(position)/\(all.count))") + "\n"
            + palette.apply(.dim, "Edit " + exercise.sourcePaths.joined(separator: ", ") + " and save.") + "\n"
        var body = ""
        if checking {
            let elapsed = ContinuousClock.now - checkStarted
            body = palette.apply(.dim, WatchKeys.checkingLine(sanitized: exercise.settings.sanitizer != nil, elapsed: elapsed))
        } else if let text = verdictText() {
            body = text
        }
        let passed = all.filter { progress.isPassed($0.id) }.count
        let keys = WatchKeys.footer(allDiagnostics: allDiagnostics, width: console.width).split(separator: "\n")
        let footer =
            JourneyRenderer(palette: palette, width: console.width).progressBar(done: passed, total: all.count) + "\n"
            + keys.map { palette.apply(.dim, String($0)) }.joined(separator: "\n")
        let screen = WatchScreen(width: console.width, height: console.height)
        console.write(screen.render(header: header, body: "\n" + body, note: note, footer: footer, palette: palette))
    }
}
