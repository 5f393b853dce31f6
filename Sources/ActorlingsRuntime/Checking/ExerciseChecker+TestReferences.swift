public import ActorlingsCore
import Foundation

/// What the protected tests use of the learner's module, compared with what they use of the
/// reference solution's (`Exercises/test-references.txt`, ``TestReferences``).
extension ExerciseChecker {
    /// The course's shipped sets, or `nil` for a course without the file (nothing is compared).
    public func shippedTestReferences() throws -> TestReferences? {
        guard let data = FileManager.default.contents(atPath: absolute(TestReferences.path)) else { return nil }
        return try TestReferences(parsing: String(decoding: data, as: UTF8.self))
    }

    /// The comparison for a check of `exercise` whose learner files are `learnerFiles`: `nil`
    /// for an exercise that asks for tests (the tests are the learner's, the module the course's)
    /// or one the file does not list.
    func referenceCheck(for exercise: Exercise, learnerFiles: [ConstructFinder.Source]) throws -> BuildRequest.ReferenceCheck? {
        guard exercise.kind != .writeTests, let expected = try shippedTestReferences()?.sets[exercise.id] else { return nil }
        let tests = exercise.testPaths.compactMap { relative -> ConstructFinder.Source? in
            guard let data = FileManager.default.contents(atPath: absolute(relative)) else { return nil }
            return ConstructFinder.Source(path: absolute(relative), displayPath: relative, text: String(decoding: data, as: UTF8.self))
        }
        return BuildRequest.ReferenceCheck(expected: expected, tests: tests, learnerFiles: learnerFiles)
    }

    /// What the protected tests of `exercise` use of the module built from `sourceDirectory`'s
    /// files (the reference solution's, for `dev generate` and `dev check`) and its protected
    /// ones. `nil` for an exercise that asks for tests, or when the module or the tests do not
    /// compile. `moduleIsBuilt`: a check of the same files just compiled the module in `buildDirectory`.
    public func testReferenceNames(
        _ exercise: Exercise, sourceDirectory: String, buildDirectory: String, moduleIsBuilt: Bool = false
    ) async throws -> Set<String>? {
        guard exercise.kind != .writeTests else { return nil }
        var builder = builder
        builder.compileTimeLimit = exercise.compileTimeLimit
        var request = BuildRequest(
            moduleName: exercise.moduleName, sources: exercise.files.map { absolute(sourceDirectory + "/" + $0) } + exercise.protectedPaths.map(absolute),
            tests: exercise.testPaths.map(absolute), settings: exercise.settings, buildDirectory: buildDirectory, timeLimit: exercise.timeLimit)
        request.macOSTarget = macOSTarget
        request.supportModules = supportSources(of: exercise)
        return try await builder.testReferenceUses(request, moduleIsBuilt: moduleIsBuilt).map(TestReferences.names)
    }

    /// The sets `dev generate` writes: every exercise's reference solution, on `jobs` parallel jobs.
    public func generateTestReferences(jobs: Int) async throws -> (references: TestReferences, failed: [String]) {
        let exercises = course.exercises.filter { $0.kind != .writeTests }
        var references = TestReferences()
        var failed: [String] = []
        try await withThrowingTaskGroup(of: (String, Set<String>?).self) { group in
            var next = 0
            func startNext() {
                guard next < exercises.count else { return }
                let exercise = exercises[next]
                next += 1
                group.addTask {
                    let names = try await testReferenceNames(
                        exercise, sourceDirectory: exercise.solutionDirectory,
                        buildDirectory: StateFolder(root: root).devGenerate(exercise.id))
                    return (exercise.id, names)
                }
            }
            for _ in 0..<max(1, jobs) { startNext() }
            while let (id, names) = try await group.next() {
                if let names { references.sets[id] = names } else { failed.append(id) }
                startNext()
            }
        }
        return (references, failed.sorted())
    }
}

extension ExerciseChecker {
    /// The support modules `exercise`'s tests import, from the course this checker trusts (for
    /// `grade --submission`, the release folder; never a submission).
    func supportSources(of exercise: Exercise) -> [SupportModuleSources] {
        exercise.supportModules.map { SupportModuleSources(name: $0.name, files: $0.files.map(absolute)) }
    }
}
