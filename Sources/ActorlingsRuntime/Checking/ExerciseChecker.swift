public import ActorlingsCore
import Foundation

/// Checks one exercise from the learner's files to a verdict: protected tests untouched, no
/// forbidden construct, then compile and run (`ExerciseBuilder`).
public struct ExerciseChecker: Sendable {
    public let root: String
    public let course: Course
    public let shipped: ShippedFiles
    public let builder: ExerciseBuilder
    /// Compiled tests shared between checks of different copies of the same exercise (a class
    /// graded on one machine); nil keeps them in each build directory.
    public var testObjectCache: String?

    public init(root: String, course: Course, shipped: ShippedFiles, builder: ExerciseBuilder) {
        self.root = root
        self.course = course
        self.shipped = shipped
        self.builder = builder
    }

    /// Where one exercise's build products live between checks.
    public func buildDirectory(for exercise: Exercise) -> String {
        "\(root)/.actorlings/build/\(exercise.id)"
    }

    /// Checks the learner's copy of `exercise`, or `sourceDirectory`'s files instead (a solution).
    public func check(
        _ exercise: Exercise, sourceDirectory: String? = nil, buildDirectory: String? = nil
    ) async throws -> Verdict {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await outcome(
            exercise, sourceDirectory: sourceDirectory ?? exercise.sourcesPath,
            buildDirectory: buildDirectory ?? self.buildDirectory(for: exercise))
        return Verdict(exerciseID: exercise.id, outcome: outcome, duration: clock.now - start)
    }

    private func outcome(_ exercise: Exercise, sourceDirectory: String, buildDirectory: String) async throws -> Outcome {
        let edited = editedTests(exercise)
        if !edited.isEmpty { return .testsEdited(edited) }

        var sources: [String] = []
        var findings: [ForbiddenFinding] = []
        var missing: [Diagnostic] = []
        let constructs = exercise.forbidden.compactMap(course.construct(id:))
        let patterns = constructs.map { ConstructPattern(id: $0.id, pattern: $0.pattern) }
        for name in exercise.files {
            let relative = sourceDirectory + "/" + name
            let path = absolute(relative)
            guard let data = FileManager.default.contents(atPath: path) else {
                missing.append(
                    Diagnostic(
                        severity: .error, file: relative,
                        message: "\(relative) is missing or unreadable; restore it with `actorlings reset \(exercise.id)`"))
                continue
            }
            sources.append(path)
            let text = String(decoding: data, as: UTF8.self)
            for match in ForbiddenConstructScanner.scan(text, for: patterns) {
                guard let construct = constructs.first(where: { $0.id == match.constructID }) else { continue }
                findings.append(ForbiddenFinding(construct: construct, file: relative, line: match.line, column: match.column, lineText: match.lineText))
            }
        }
        if !missing.isEmpty { return .compileFailed(missing) }
        if !findings.isEmpty { return .forbidden(findings) }

        let request = BuildRequest(
            moduleName: exercise.moduleName, sources: sources, tests: exercise.testPaths.map(absolute),
            settings: exercise.settings, buildDirectory: buildDirectory, timeLimit: exercise.timeLimit,
            testObjectCache: testObjectCache)
        return relativized(try await builder.build(request))
    }

    /// Protected test files that differ from the shipped ones, were deleted, or were added.
    public func editedTests(_ exercise: Exercise) -> [String] {
        let prefix = exercise.testsPath + "/"
        let shippedTests = shipped.ids.keys.filter { $0.hasPrefix(prefix) }
        guard !shippedTests.isEmpty else { return [] }
        let all = Set(shippedTests).union(exercise.testPaths)
        return all.sorted().filter { path in
            guard let expected = shipped.ids[path] else { return true }
            guard let data = FileManager.default.contents(atPath: absolute(path)) else { return true }
            return GitBlobID.of(Array(data)) != expected
        }
    }

    public func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : root + "/" + path
    }

    /// Paths in diagnostics and test issues, relative to the repository root: shorter, and the
    /// same on every machine (golden files depend on it).
    private func relativized(_ outcome: Outcome) -> Outcome {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        func relative(_ path: String?) -> String? {
            guard let path, path.hasPrefix(prefix) else { return path }
            return String(path.dropFirst(prefix.count))
        }
        func fix(_ diagnostic: Diagnostic) -> Diagnostic {
            var copy = diagnostic
            copy.file = relative(diagnostic.file)
            copy.notes = diagnostic.notes.map(fix)
            return copy
        }
        switch outcome {
        case .compileFailed(let diagnostics):
            return .compileFailed(diagnostics.map(fix))
        case .testsFailed(var report):
            for index in report.results.indices {
                for issue in report.results[index].issues.indices {
                    report.results[index].issues[issue].file = relative(report.results[index].issues[issue].file)
                }
            }
            return .testsFailed(report)
        default:
            return outcome
        }
    }
}
