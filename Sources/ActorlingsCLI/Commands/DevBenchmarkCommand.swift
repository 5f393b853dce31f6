import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings dev benchmark`: save→verdict as watch mode sees it, measured in-process.
///
/// Works on a scratch copy of the course with the exercise's reference solution in place. Each
/// run makes three saves — a signature edit (the module interface changes), a body edit (it does
/// not, so the compiled tests are reused) and an edit that breaks compilation — and times each
/// from the write to the verdict: the file watcher's notification (with its debounce) plus the
/// check. A bare `swiftc` compile + link + run of the same files is timed in the same run.
struct DevBenchmarkCommand: CourseCommand {
    /// The exercise to time; nil: the course's first.
    var exercise: String?
    var runs: Int
    var name: String { "dev benchmark" }
    var needs: CommandNeeds { [.toolchain] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        var rest = words.arguments
        var runs = 10
        var exercise: String?
        while let word = rest.first {
            if word == "--runs", rest.count >= 2 {
                guard let count = Int(rest[1]), count >= 1 else {
                    throw UsageError("--runs takes a whole number of at least 1, not '\(rest[1])'", command: "dev")
                }
                runs = count
                rest.removeFirst(2)
            } else if exercise == nil, !word.hasPrefix("-") {
                exercise = word
                rest.removeFirst()
            } else {
                throw UsageError("unexpected '\(word)'; `dev benchmark` takes an exercise id and `--runs N`", command: "dev")
            }
        }
        return DevBenchmarkCommand(exercise: exercise, runs: runs)
    }

    func run(in session: Session) async throws -> ExitCode {
        let (console, course, root) = (session.console, session.course, session.root)
        guard let chosen = try exercise.map(session.exercise(named:)) ?? course.exercises.first else { return .success }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-benchmark-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        for folder in ["Exercises", "Solutions", "Lessons"] {
            try FileManager.default.copyItem(atPath: "\(root)/\(folder)", toPath: "\(scratch)/\(folder)")
        }
        for (source, solution) in zip(chosen.sourcePaths, chosen.solutionPaths) {
            try FileManager.default.removeItem(atPath: "\(scratch)/\(source)")
            try FileManager.default.copyItem(atPath: "\(scratch)/\(solution)", toPath: "\(scratch)/\(source)")
        }
        let template = try await session.makeChecker()
        let checker = ExerciseChecker(root: scratch, course: course, shipped: session.shipped, builder: template.builder)
        let file = "\(scratch)/\(chosen.sourcePaths[0])"
        let solution = try String(contentsOfFile: file, encoding: .utf8)
        func variant(value: Int, signature: Int, broken: Bool = false) -> String {
            solution + "\n// Added by `actorlings dev benchmark`.\nfunc actorlingsBenchmarkValue() -> Int { \(value) }\n"
                + "func actorlingsBenchmarkSignature\(signature)() {}\n"
                + (broken ? "func actorlingsBenchmarkBroken() -> Int { }\n" : "")
        }

        console.write("Benchmarking \(chosen.id) (\(chosen.settings.summary)), \(runs) runs of each edit, toolchain \(template.builder.toolchain.version)…\n")
        try variant(value: 0, signature: 0).write(toFile: file, atomically: false, encoding: .utf8)
        let clock = ContinuousClock()
        let firstStart = clock.now
        let first = try await checker.check(chosen)
        let firstVerdict = clock.now - firstStart
        guard first.outcome.isPassed else {
            throw BenchmarkError(
                message: "the reference solution of \(chosen.id) does not pass (\(first.outcome.kind)); run `actorlings dev check --only \(chosen.id)`")
        }

        let watcher = try FileWatcher(directories: [checker.absolute(chosen.sourcesPath)])
        defer { watcher.stop() }
        var changes = watcher.changes(debounce: WatchMode.debounce).makeAsyncIterator()
        var timings: [String: [Duration]] = [:]
        func save(_ text: String, expect: (Outcome) -> Bool, as kind: String) async throws {
            let start = clock.now
            try text.write(toFile: file, atomically: false, encoding: .utf8)
            _ = await changes.next()
            let verdict = try await checker.check(chosen)
            timings[kind, default: []].append(clock.now - start)
            guard expect(verdict.outcome) else {
                throw BenchmarkError(message: "a \(kind) gave \(verdict.outcome.kind), which the benchmark did not expect")
            }
        }
        let bare = BareCompile(builder: template.builder, exercise: chosen, root: scratch, directory: "\(scratch)/.bare")
        for run in 1...runs {
            try await save(variant(value: run, signature: run), expect: \.isPassed, as: "signature edit")
            try await save(variant(value: run + 1, signature: run), expect: \.isPassed, as: "body edit")
            try await save(variant(value: run + 1, signature: run, broken: true), expect: { $0.kind == .compileFailed }, as: "broken edit")
            try variant(value: run + 1, signature: run).write(toFile: file, atomically: false, encoding: .utf8)
            _ = await changes.next()
            timings["bare swiftc", default: []].append(try await bare.run())
        }

        let medians = timings.mapValues(Self.median)
        func line(_ label: String, _ value: Duration) -> String {
            label.padded(to: 44) + Self.format(value) + "\n"
        }
        var report = line("first verdict (nothing cached)", firstVerdict)
        for kind in ["body edit", "signature edit", "broken edit", "bare swiftc"] {
            let label = kind == "bare swiftc" ? "bare swiftc compile + link + run" : "save → verdict, \(kind)"
            report += line(label + " (median)", medians[kind] ?? .zero)
        }
        let bareMedian = (medians["bare swiftc"] ?? .zero).inSeconds
        for kind in ["body edit", "signature edit"] where bareMedian > 0 {
            report += "ratio \(kind) / bare".padded(to: 44) + String(format: "%.2f", (medians[kind] ?? .zero).inSeconds / bareMedian) + "\n"
        }
        console.write(report)
        return .success
    }

    static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.3f s", duration.inSeconds)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var message: String
    var description: String { "benchmark: \(message)" }
}

/// The baseline: the same two modules compiled, linked and run with plain `swiftc` calls — no
/// caching, no tool around it.
private struct BareCompile {
    let builder: ExerciseBuilder
    let exercise: Exercise
    let root: String
    let directory: String

    func run() async throws -> Duration {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let entry = "\(directory)/main.swift"
        try "import Testing\n@main struct Entry { static func main() async { await Testing.__swiftPMEntryPoint() as Never } }\n"
            .write(toFile: entry, atomically: true, encoding: .utf8)
        let flags = ["-parse-as-library"] + exercise.settings.compilerFlags
        let module = exercise.moduleName
        // Course support modules (the interleaving harness) change with the course, not with an
        // edit: compiled once, before any timing, as a library would be.
        let supportObjects = exercise.supportModules.map { "\(directory)/\($0.name).o" }
        for support in exercise.supportModules where !FileManager.default.fileExists(atPath: "\(directory)/\(support.name).o") {
            let result = try await Subprocess.run(
                ProcessRequest(
                    executable: builder.toolchain.swiftc,
                    arguments: ["-parse-as-library", "-swift-version", "6", "-module-name", support.name, "-emit-module", "-emit-module-path"]
                        + ["\(directory)/\(support.name).swiftmodule", "-wmo", "-c"] + support.files.map { "\(root)/\($0)" }
                        + ["-o", "\(directory)/\(support.name).o"],
                    environment: builder.environment, timeLimit: .seconds(300)))
            guard case .exited(0) = result.termination else {
                throw BenchmarkError(message: "the support module \(support.name) failed to compile: \(result.output.suffix(500))")
            }
        }
        let steps: [(String, [String])] = [
            (
                builder.toolchain.swiftc,
                flags + ["-module-name", module, "-emit-module", "-emit-module-path", "\(directory)/\(module).swiftmodule", "-wmo", "-enable-testing", "-c"]
                    + (exercise.sourcePaths + exercise.protectedPaths).map { "\(root)/\($0)" } + ["-o", "\(directory)/m.o"]
            ),
            (
                builder.toolchain.swiftc,
                flags + builder.toolchain.testingCompileFlags + ["-module-name", module + "Tests", "-wmo", "-I", directory, "-c"]
                    + exercise.testPaths.map { "\(root)/\($0)" } + [entry, "-o", "\(directory)/t.o"]
            ),
            (
                builder.toolchain.swiftc,
                ["\(directory)/m.o", "\(directory)/t.o"] + supportObjects + ["-o", "\(directory)/run"] + builder.toolchain.testingLinkFlags
            ),
            ("\(directory)/run", []),
        ]
        let clock = ContinuousClock()
        let start = clock.now
        for (executable, arguments) in steps {
            let result = try await Subprocess.run(
                ProcessRequest(executable: executable, arguments: arguments, environment: builder.environment, timeLimit: .seconds(300)))
            guard case .exited(0) = result.termination else {
                throw BenchmarkError(message: "the bare compile failed: \(result.output.suffix(500))")
            }
        }
        return clock.now - start
    }
}
