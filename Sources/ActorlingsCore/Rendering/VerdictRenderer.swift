/// Turns a verdict into the compact report the learner reads after every save.
///
/// Shows only what helps the next edit: the first few diagnostics with a source excerpt and the
/// documentation link of their group, failing tests with expected versus actual, and one line
/// that says what to do next. Pure: source lines come from `sourceLines`.
public struct VerdictRenderer: Sendable {
    public var palette: Palette
    /// How many diagnostics to show in full; the rest are counted (`Int.max` shows them all).
    public var diagnosticLimit = 3
    /// How to ask for all of them (`check --all-diagnostics`), named when some are left out.
    public var allDiagnosticsAdvice: String?
    /// The course, to choose a diagnostic's lesson link within the exercise's own step.
    public var course: Course?
    /// In watch mode, advice names keys ("press h") rather than commands.
    public var inWatchMode = false
    /// How the learner runs the tool: `swift run actorlings` from a checkout, or `actorlings`
    /// when installed; advice quotes commands the way they can be typed.
    public var command = "actorlings"
    /// Said after the last exercise the learner may do now: the end of the course, or the
    /// instructor's pacing message when later steps open later.
    public var endMessage = "That was the last exercise. Well done!"
    /// The lines of a repository-relative file, or nil when unavailable.
    public var sourceLines: @Sendable (String) -> [Substring]?
    /// The knowledge base: under each diagnostic, its one-line meaning and lesson.
    public var knowledge: KnowledgeBase?

    public init(palette: Palette, sourceLines: @escaping @Sendable (String) -> [Substring]?) {
        self.palette = palette
        self.sourceLines = sourceLines
    }

    public func render(_ verdict: Verdict, exercise: Exercise, next: Exercise? = nil) -> String {
        var out: [String] = []
        switch verdict.outcome {
        case .passed(let count):
            out.append(palette.apply(.boldGreen, "✔ \(exercise.id) passed") + palette.apply(.dim, " (\(plural(count, "test")), \(seconds(verdict.duration)))"))
            out.append("")
            let note = CommandQuoting.adapt(exercise.afterPass.trimmingTrailingWhitespace(), command: command)
            out.append(contentsOf: indent(note).map { palette.apply(.italic, $0) })
            out.append("")
            if let next {
                out.append(
                    "Next: \(palette.apply(.bold, next.id)) — \(next.title). "
                        + (inWatchMode ? "Press n to go on." : "Run `\(command)` to go on, or `\(command) check \(next.id)`."))
            } else {
                out.append(endMessage)
            }
        case .compileFailed(let diagnostics):
            out += renderCompileFailure(diagnostics, exercise: exercise)
        case .testsFailed(let report):
            out += renderTestFailures(report, exercise: exercise)
        case .timedOut(let limit, Outcome.compilerRunning, let output):
            out.append(palette.apply(.boldYellow, "⏱ \(exercise.id) did not compile within \(seconds(limit)); the compiler was stopped."))
            out.append("  An exercise compiles in a second or two. The compiler gets stuck on code it can't type-check:")
            out.append("  a long expression mixing literals, operators and closures, a huge literal, or a very large file.")
            out += lastOutput(output)
            out.append("")
            out.append("Next: split long expressions into named values with explicit types. Stuck? \(stuck(exercise))")
        case .timedOut(let limit, let running, let output):
            out.append(palette.apply(.boldYellow, "⏱ \(exercise.id) did not finish within \(seconds(limit)) and was stopped."))
            if !running.isEmpty {
                out.append("  Still running: " + running.map { palette.apply(.bold, $0) }.joined(separator: ", "))
            }
            out.append("  Usual causes: a continuation that is never resumed, an AsyncStream that is never finished,")
            out.append("  a task that waits for itself (or an actor awaiting its own work), or a loop that never ends.")
            out += lastOutput(output)
            out.append("")
            out.append("Next: look for the await that never returns. Stuck? \(stuck(exercise))")
        case .crashed(let signal, let exitCode, let output, let limit):
            if let limit {
                out.append(palette.apply(.boldRed, "💥 \(exercise.id) was stopped: \(limit.description)."))
                switch limit {
                case .memory:
                    out.append("  Look for a collection that grows without end, or a loop that keeps allocating.")
                case .fileSize:
                    out.append("  Look for code that writes without end; an exercise never needs large files.")
                case .processes:
                    out.append("  Look for a loop that starts processes or threads; structured concurrency needs neither.")
                }
            } else {
                let reason = signal.map(OutcomeWords.signalName) ?? exitCode.map { "exit code \($0)" } ?? "unknown reason"
                out.append(palette.apply(.boldRed, "💥 \(exercise.id) crashed while its tests ran (\(reason))."))
            }
            if signal == 4 || signal == 5 {
                out.append("  A Swift runtime check stopped the program: look for fatalError, a force-unwrapped nil,")
                out.append("  an index out of range, or a continuation resumed twice.")
            }
            out += lastOutput(output)
            out.append("")
            out.append("Next: the last lines above usually name the cause. Stuck? \(stuck(exercise))")
        case .dataRace(let report):
            out.append(palette.apply(.boldRed, "✘ \(exercise.id): Thread Sanitizer found a data race while the tests ran."))
            out += lastOutput(report, label: "The race (fix the lines it names: protect that state with an actor, Atomic or Mutex):")
            out.append("")
            out.append("Next: a race can hide when the tests pass; Thread Sanitizer saw it. Stuck? \(stuck(exercise))")
        case .unreadableFiles(let problems):
            out.append(palette.apply(.boldRed, "✘ \(exercise.id) could not be checked: a file of yours can't be used as it is."))
            for problem in problems { out.append("  " + problem.message) }
            out.append("")
            out.append("Next: restore the file (`\(command) reset \(exercise.id)` backs up what is there first), then save again.")
        case .notChecked(let reason):
            switch reason.cause {
            case .course:
                out.append(palette.apply(.boldYellow, "✘ \(exercise.id) could not be checked: the course itself has a problem."))
            case .grader:
                out.append(palette.apply(.boldYellow, "✘ \(exercise.id) could not be checked: Actorlings could not do its work."))
            }
            out.append("  " + reason.message)
            out.append("")
            out.append("Next: this is not about your code. Run `\(command) doctor`; if it persists, tell your instructor or file an issue.")
        case .forbidden(let findings):
            // Only what the tests resolved in the learner's module: nothing the learner wrote is forbidden as such.
            let resolvedOnly = findings.allSatisfy { $0.construct.id == TestReferences.constructID }
            out.append(
                palette.apply(
                    .boldRed,
                    resolvedOnly
                        ? "✘ \(exercise.id) changes what its tests mean: they would use declarations of yours, not the ones they check with."
                        : "✘ \(exercise.id) uses a construct this exercise forbids."))
            for finding in findings.prefix(diagnosticLimit) {
                out.append("")
                out.append("\(palette.apply(.bold, finding.construct.name)) at \(finding.file):\(finding.line):\(finding.column)")
                out.append(palette.apply(.dim, "    \(finding.line) | ") + finding.lineText)
                out.append("  Why not: \(finding.construct.why)")
                out.append("  Instead: \(finding.construct.instead)")
            }
            if findings.count > diagnosticLimit { out.append("… and \(findings.count - diagnosticLimit) more.") }
            out.append("")
            out.append(
                resolvedOnly
                    ? "Next: remove or rename those declarations and keep the exercise's types; then the tests check your work."
                    : "Next: remove it and fix what the compiler says then. Comments and strings don't count.")
        case .incompleteRun(let run):
            out.append(palette.apply(.boldRed, "✘ \(exercise.id): not all tests ran, so the run cannot count as a pass."))
            for reason in run.reasons { out.append("  " + reason + ".") }
            out += lastOutput(run.output)
            out.append("")
            out.append("Next: an exercise passes only when every one of its tests runs to the end. Code that exits the process,")
            out.append("skips or filters tests, or writes the test report itself is never a fix. Stuck? \(stuck(exercise))")
        case .testsEdited(let paths):
            let protectedSources = paths.filter(exercise.protectedPaths.contains)
            if protectedSources.isEmpty {
                out.append(palette.apply(.boldRed, "✘ The tests of \(exercise.id) were changed."))
                out.append("  The tests decide whether the exercise passes, so they must stay as shipped:")
            } else {
                out.append(palette.apply(.boldRed, "✘ Protected files of \(exercise.id) were changed."))
                out.append("  The exercise's code depends on these files as shipped, and the tests decide whether it passes:")
            }
            for path in paths {
                out.append("    \(path)" + (protectedSources.contains(path) ? " (protected: don't change this file)" : ""))
            }
            out.append("")
            out.append("Next: restore them with `git checkout -- \(paths.first ?? exercise.testsPath)`, or with")
            out.append("`\(command) reset \(exercise.id)` (which also restores your code, after backing it up).")
        case .systemTooOld(let required, let running):
            out.append(palette.apply(.boldYellow, "✘ \(exercise.id) needs \(required.name) or newer; this Mac runs \(running.name)."))
            out.append("  The exercise uses an API that \(required.name) introduced, so no answer can be built and run")
            out.append("  here: this is not about your code. Exercises that don't say so run on \(MacOSVersion.courseFloor.name).")
            out.append("")
            out.append("Next: update macOS to check it here, or skip it (`n` twice in watch mode) and come back later.")
        }
        out += renderRestored(verdict.restoredFiles)
        out += renderTampered(verdict.tamperedObjects)
        return out.joined(separator: "\n") + "\n"
    }

    /// One line: cached objects that were not Actorlings' own, compiled again and never linked.
    private func renderTampered(_ objects: [TamperedObject]) -> [String] {
        guard !objects.isEmpty else { return [] }
        let which = objects.map { "\($0.path) (\($0.evidence.rawValue))" }.joined(separator: ", ")
        return [
            "",
            palette.apply(.boldYellow, "⚠ A cached compiled object was not the one Actorlings compiled: ")
                + "\(which). It was compiled again; this verdict did not use it.",
        ]
    }

    /// Files the test run changed or deleted, and what became of them.
    private func renderRestored(_ files: [RestoredFile]) -> [String] {
        guard !files.isEmpty else { return [] }
        var out = ["", palette.apply(.boldYellow, "⚠ The test run changed your files; Actorlings put them back as they were before it ran:")]
        for file in files {
            var line = "    \(file.path) (\(file.change.rawValue)"
            if !file.restored { line += "; could NOT be put back" }
            if let kept = file.runVersion { line += "; what the run left is kept in \(kept)" }
            out.append(line + ")")
        }
        out.append("  Code that writes to or deletes the course's files is never part of a fix.")
        return out
    }

    private func renderCompileFailure(_ diagnostics: [Diagnostic], exercise: Exercise) -> [String] {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var counts: [String] = []
        if errors > 0 { counts.append(plural(errors, "error")) }
        if warnings > 0 { counts.append(plural(warnings, "warning")) }
        var out: [String]
        if errors == 0 {
            out = [
                palette.apply(.boldYellow, "✘ \(exercise.id) compiles, but with \(counts.joined())."),
                "  An exercise passes only with zero warnings: in Swift 6 mode most of them are tomorrow's errors.",
            ]
        } else {
            out = [palette.apply(.boldRed, "✘ \(exercise.id) does not compile yet (\(counts.joined(separator: ", ")))")]
        }
        let broken = TestBreakage.locations(in: diagnostics, exercise: exercise)
        if !broken.isEmpty {
            out.append("")
            out += Self.renderTestBreakage(broken, palette: palette)
        }
        // Errors first: a warning is rarely why the code does not compile.
        let ordered = diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity != .error }
        for diagnostic in ordered.prefix(diagnosticLimit) {
            out.append("")
            out += renderDiagnostic(Self.mappedToTests(diagnostic, exercise: exercise), exercise: exercise)
        }
        if diagnostics.count > diagnosticLimit {
            out.append("")
            var more = "… and \(diagnostics.count - diagnosticLimit) more. Fix the first one first: the rest often follow from it."
            if let allDiagnosticsAdvice { more += " To see them all: \(allDiagnosticsAdvice)." }
            out.append(palette.apply(.dim, more))
        }
        out.append("")
        if !broken.isEmpty {
            out.append("Next: put back the names, parameters and types the tests use, and save. Stuck? \(stuck(exercise))")
        } else {
            out.append("Next: fix the first \(errors == 0 ? "warning" : "error") and save. Stuck? \(stuck(exercise))")
        }
        return out
    }

    /// One diagnostic in the style of rustc and swiftc's own excerpts: location, the source
    /// line with a caret under the column, then notes and the documentation link, all hung on
    /// a gutter as wide as the line number.
    public func renderDiagnostic(_ diagnostic: Diagnostic, exercise: Exercise? = nil) -> [String] {
        let style: Palette.Style = diagnostic.severity == .error ? .boldRed : .boldYellow
        let label = diagnostic.severity.rawValue + (diagnostic.swift6Check == true ? " in Swift 6 mode" : "") + ":"
        // The tool's own diagnostics (a missing file) name commands; the compiler's never do.
        var out = [palette.apply(style, label) + " " + palette.apply(.bold, CommandQuoting.adapt(diagnostic.displayMessage, command: command))]
        let gutter = String(repeating: " ", count: diagnostic.line.map { String($0).count } ?? 1)
        if let file = diagnostic.file, let line = diagnostic.line {
            out.append(gutter + palette.apply(.cyan, "--> ") + "\(file):\(line)" + (diagnostic.column.map { ":\($0)" } ?? ""))
            out += excerpt(file: file, line: line, column: diagnostic.column, gutter: gutter)
        }
        for note in diagnostic.notes {
            var text = gutter + palette.apply(.cyan, " = note: ") + note.message
            if let file = note.file, file.contains(TestBreakage.macroBufferMarker) {
                // A macro's expansion is a temporary file the learner cannot open.
                text += palette.apply(.dim, " (in the macro's expansion)")
            } else if let file = note.file, let line = note.line, file != diagnostic.file || line != diagnostic.line {
                text += palette.apply(.dim, " (\(Self.lastComponent(file)):\(line))")
            }
            out.append(text)
        }
        if let explanation = knowledge?.explanation(for: diagnostic) {
            out.append(gutter + palette.apply(.cyan, " = meaning: ") + explanation.summary)
            let lesson =
                exercise.flatMap { exercise in course.map { LessonLink.choose(for: explanation, exercise: exercise, in: $0) } } ?? explanation.lessonPath
            if let lesson {
                out.append(gutter + palette.apply(.cyan, " = lesson: ") + lesson)
            }
        }
        if let url = diagnostic.documentationURL {
            out.append(gutter + palette.apply(.cyan, " = learn more: ") + palette.apply(.underline, url))
        }
        return out
    }

    /// The words for errors in the tests: what happened, where in the test files, what to do.
    public static func renderTestBreakage(_ locations: [TestBreakage.Location], palette: Palette) -> [String] {
        let count = locations.count == 1 ? "1 error is" : "\(locations.count) errors are"
        var out = [
            palette.apply(.boldYellow, "Your change broke what the tests expect:")
                + " \(count) in the tests, which call the exercise's code as it was shipped."
        ]
        for location in locations.prefix(3) {
            let inside = location.macro.map { " (inside #\($0))" } ?? ""
            out.append("    \(location.file):\(location.line)\(inside): \(location.message)")
        }
        if locations.count > 3 { out.append("    … and \(locations.count - 3) more in the tests.") }
        out.append("  Keep the exercise's API — the names, parameters and types the tests call — and change what happens")
        out.append("  inside it. The test line shows what it expects.")
        return out
    }

    /// A diagnostic inside a Swift Testing macro's expansion, shown at the test line that uses
    /// the macro: the expansion's temporary file means nothing to the learner.
    static func mappedToTests(_ diagnostic: Diagnostic, exercise: Exercise) -> Diagnostic {
        guard let file = diagnostic.file, file.contains(TestBreakage.macroBufferMarker),
            let location = TestBreakage.location(of: diagnostic, exercise: exercise)
        else { return diagnostic }
        var mapped = diagnostic
        mapped.file = location.file
        mapped.line = location.line
        mapped.column = location.column
        mapped.notes.removeAll { $0.identifier == "in_macro_expansion" && $0.file == location.file && $0.line == location.line }
        return mapped
    }

    private func excerpt(file: String, line: Int, column: Int?, gutter: String) -> [String] {
        guard let lines = sourceLines(file), line >= 1, line <= lines.count else { return [] }
        let source = lines[line - 1]
        var out = [palette.apply(.dim, "\(gutter) |")]
        out.append(palette.apply(.dim, "\(line) | ") + source.replacingTabs())
        if let column, column >= 1 {
            // The compiler counts a tab as one column; the excerpt shows it as four spaces.
            let before = source.prefix(column - 1).replacingTabs()
            out.append(palette.apply(.dim, "\(gutter) | ") + String(repeating: " ", count: before.count) + palette.apply(.boldRed, "^"))
        }
        return out
    }

    /// Failures ordered by where their first issue was recorded (file, then line); those with no
    /// place keep their order, after the others.
    static func inFileOrder(_ failures: [TestResult]) -> [TestResult] {
        failures.enumerated().sorted { left, right in
            let (a, b) = (left.element.issues.first, right.element.issues.first)
            switch (a?.file, b?.file) {
            case (let fileA?, let fileB?) where fileA != fileB: return fileA < fileB
            case (.some, .some): return (a?.line ?? 0, left.offset) < (b?.line ?? 0, right.offset)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left.offset < right.offset
            }
        }.map(\.element)
    }

    private func renderTestFailures(_ report: TestRunReport, exercise: Exercise) -> [String] {
        // In the tests' file order, not the order they happened to end in (tests run in
        // parallel): the same answer shows the same failures first on every run.
        let failures = Self.inFileOrder(report.failures)
        let total = report.results.count
        let missedMutants = exercise.kind == .writeTests && failures.allSatisfy { $0.name.hasPrefix("mutant: ") }
        let headline =
            missedMutants
            ? "✘ \(exercise.id): your tests missed \(failures.count) of \(plural(exercise.mutants.count, "broken implementation"))"
            : "✘ \(exercise.id): \(failures.count) of \(plural(total, "test")) failed"
        var out = [palette.apply(.boldRed, headline)]
        for failure in failures.prefix(diagnosticLimit) {
            out.append("")
            out.append(palette.apply(.red, "  ✘ ") + palette.apply(.bold, failure.title))
            for issue in failure.issues.prefix(2) {
                for line in ValueDifference.shorten(issue.message).split(separator: "\n") {
                    out.append("    " + line)
                }
                if let file = issue.file, let line = issue.line {
                    out.append(palette.apply(.dim, "    at \(file):\(line)"))
                }
            }
        }
        if failures.count > diagnosticLimit {
            out.append(palette.apply(.dim, "  … and \(PathWords.count(failures.count - diagnosticLimit, "more failing test"))."))
        }
        out.append("")
        switch (exercise.kind, missedMutants) {
        case (.writeTests, true):
            out.append("Next: your tests pass for the code that works; add the tests that each broken one fails. Stuck? \(stuck(exercise))")
        case (.writeTests, false):
            out.append("Next: the code in Sources/ works, so a test that fails for it is wrong; fix that test. Stuck? \(stuck(exercise))")
        case (.fixCode, _):
            out.append("Next: the code compiles; now make it behave. Read the failing test, then the TODO. Stuck? \(stuck(exercise))")
        }
        return out
    }

    private func stuck(_ exercise: Exercise) -> String {
        inWatchMode ? "Press h for a hint, s for the lesson." : "`\(command) hint \(exercise.id)`, or `\(command) lesson \(exercise.id)`."
    }

    /// The last lines of a run's output. The interleaving harness's report of the schedule a
    /// crash came in (its first line and the steps on the next) stays in view ahead of them, where
    /// the lines that other tests printed while the crash was being reported would push it out.
    private func lastOutput(_ output: [String], label: String = "Last output:") -> [String] {
        let meaningful = output.filter { !$0.allSatisfy(\.isWhitespace) }
        guard !meaningful.isEmpty else { return [] }
        var shown = Array(meaningful.suffix(Self.lastLines))
        if let start = meaningful.lastIndex(where: { $0.hasPrefix(OutcomeWords.scheduleCrashReport) }), start < meaningful.count - Self.lastLines {
            let report = meaningful[start..<min(start + 2, meaningful.count)]
            shown = Array(report) + meaningful.suffix(Self.lastLines - report.count)
        }
        return ["", "  " + label] + shown.map { palette.apply(.dim, "    " + $0) }
    }

    /// How many lines of a run's output a verdict shows.
    private static let lastLines = 8

    private func indent(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        OutcomeWords.plural(count, noun)
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

}

extension Duration {
    /// The duration as a number of seconds, for arithmetic and printing.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// Formats a duration for people: "0.41 s", "10 s".
public func seconds(_ duration: Duration) -> String {
    let value = duration.inSeconds
    if value >= 10 || value == value.rounded() { return "\(Int(value.rounded())) s" }
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
}

extension StringProtocol {
    func replacingTabs() -> String {
        String(self).split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "    ")
    }
}
