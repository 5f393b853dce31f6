import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// The course author's commands: `dev check`, `dev mutants` and `dev generate`.
extension Session {
    func devGenerate() async throws -> ExitCode {
        let manifest = ExercisesManifest.render(course)
        let shippedFiles = ShippedFilesScanner(root: root).scan(course)
        try AtomicFile.write(manifest, to: "\(root)/\(ExercisesManifest.path)")
        try AtomicFile.write(shippedFiles.rendered(), to: "\(root)/\(ShippedFiles.path)")
        console.write("Wrote \(ExercisesManifest.path) (\(course.exercises.count) exercises) and \(ShippedFiles.path) (\(shippedFiles.ids.count) files).\n")
        try await writeDiagnosticCatalog()
        return try await writeTestReferences()
    }

    /// Rewrites what each exercise's tests use of its reference solution's module: compiles every
    /// solution and dumps its tests against it, so it takes a while.
    private func writeTestReferences() async throws -> ExitCode {
        let checker = try await makeChecker()
        let (references, failed) = try await checker.generateTestReferences(jobs: ProcessInfo.processInfo.activeProcessorCount)
        try AtomicFile.write(references.rendered(), to: "\(root)/\(TestReferences.path)")
        let count = references.sets.values.reduce(0) { $0 + $1.count }
        console.write("Wrote \(TestReferences.path) (\(references.sets.count) exercises, \(count) names).\n")
        guard failed.isEmpty else {
            console.write(
                "Not listed, so not compared: \(failed.joined(separator: ", ")) (the reference solution or its tests do not compile; "
                    + "`swift run actorlings dev check ID` says why).\n")
            return .failure
        }
        return .success
    }

    /// Rewrites the knowledge base's catalog from the toolchain's own list of diagnostics.
    private func writeDiagnosticCatalog() async throws {
        let toolchain = try await Toolchain.locate(environment: environment, minimum: course.minimumSwift)
        guard var catalog = try toolchain.diagnosticCatalog(), let source = toolchain.diagnosticStringsPath else {
            console.write("Kept \(DiagnosticCatalog.path): \(toolchain.swiftc) has no share/swift/diagnostics/en.strings next to it.\n")
            return
        }
        // en.strings has no kinds: those of the toolchain's definitions, where recorded, win.
        if let text = try? String(contentsOfFile: "\(root)/\(DiagnosticCatalog.severitiesPath)", encoding: .utf8) {
            catalog = catalog.withSeverities(try DiagnosticCatalog.parseSeverities(text))
        }
        let text = catalog.serialized(source: "Swift \(toolchain.version) \(URL(fileURLWithPath: source).lastPathComponent)")
        let file = URL(fileURLWithPath: "\(root)/\(DiagnosticCatalog.path)")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(text, to: file.path)
        let counted = catalog.entries.filter { $0.kind != .note && !$0.distributed }.count
        console.write(
            "Wrote \(DiagnosticCatalog.path) (\(catalog.entries.count) concurrency diagnostics, \(counted) errors and warnings outside distributed actors).\n")
    }

    func devCheck(only: [String]) async throws -> ExitCode {
        let lessons = Set(course.steps.flatMap { [$0.lessonPath, $0.directoryName] })
        for id in only where !lessons.contains(id) { _ = try exercise(named: id) }
        let verifier = CourseVerifier(checker: try await makeChecker())
        let console = console
        let palette = palette
        let lessonCount = only.isEmpty ? course.steps.count : only.filter(lessons.contains).count
        let total = only.isEmpty ? course.exercises.count : only.count - lessonCount
        console.write("Verifying \(total) exercises\(lessonCount > 0 ? " and \(lessonCount) lessons" : "")…\n")
        let report = try await verifier.verify(only: only) { event in
            switch event {
            case .exercise(let id, let shipped, let solution, let corpus, let problems):
                let mark = problems.isEmpty ? palette.apply(.green, "✔") : palette.apply(.red, "✘")
                let detail = "shipped: \(shipped.kind), solution: \(solution.kind), corpus: \(Self.corpusCounts(corpus))"
                console.write("\(mark) \(id.padded(to: 40))\(palette.apply(.dim, detail))\n")
            case .lesson(let path, let blocks, let problems):
                let mark = problems.isEmpty ? palette.apply(.green, "✔") : palette.apply(.red, "✘")
                console.write("\(mark) \(path.padded(to: 40))\(palette.apply(.dim, "\(blocks) code blocks"))\n")
            }
        }
        console.write("\n")
        for finding in report.findings {
            console.write(palette.apply(.red, "✘ ") + finding.description + "\n")
        }
        let corpus = report.corpus
        var parts = [
            "\(report.exercisesChecked) exercises",
            Self.count(corpus.wrongFixesRejected, of: corpus.wrongFixes, "wrong fixes rejected"),
            Self.count(corpus.alsoCorrectPassed, of: corpus.alsoCorrect, "also-correct passed"),
        ]
        if corpus.exercisesWithoutCorpus > 0 { parts.append("\(corpus.exercisesWithoutCorpus) without a corpus") }
        parts += ["\(report.blocksChecked) lesson code blocks", seconds(report.duration)]
        let summary = parts.joined(separator: ", ")
        if report.findings.isEmpty {
            console.write(palette.apply(.boldGreen, "The course is sound") + " (\(summary)).\n")
            return .success
        }
        console.write(palette.apply(.boldRed, "\(report.findings.count) problem(s)") + " (\(summary)).\n")
        return .failure
    }

    /// Runs the generated mutants of each exercise's reference solution and prints the scores.
    func devMutants(only: [String]) async throws -> ExitCode {
        for id in only { _ = try exercise(named: id) }
        let runner = MutantRunner(checker: try await makeChecker())
        let console = console
        let palette = palette
        let total = only.isEmpty ? course.exercises.count : only.count
        console.write("Mutating the reference solutions of \(total) exercises…\n")
        let report = try await runner.run(only: only) { event in
            guard case .exercise(let result, let problems) = event else { return }
            let mark = problems.isEmpty ? palette.apply(.green, "✔") : palette.apply(.red, "✘")
            console.write("\(mark) \(result.exerciseID.padded(to: 40))\(palette.apply(.dim, "mutants: " + result.tally.summary))\n")
            for entry in result.results where !entry.fate.isKilled {
                let state: String
                if case .stillborn(let why) = entry.fate {
                    state = "stillborn (\(why.prefix(100)))"
                } else if result.isDeclaredEquivalent(entry) {
                    state = "equivalent"
                } else if case .hung = entry.fate {
                    state = "HUNG"
                } else {
                    state = "SURVIVED"
                }
                console.write(palette.apply(.dim, "    \(state): \(entry.mutant.id) — \(entry.mutant.description)") + "\n")
            }
        }
        console.write("\n")
        for problem in report.problems {
            console.write(palette.apply(.red, "✘ ") + problem.description + "\n")
        }
        if !report.skipped.isEmpty {
            console.write("Skipped \(report.skipped.joined(separator: ", ")): they ask for tests, and `dev check` runs their written mutants.\n")
        }
        let tally = report.tally
        let summary = "course mutation score: \(tally.summary); \(tally.generated) generated in \(report.results.count) exercises, \(seconds(report.duration))"
        if report.problems.isEmpty {
            console.write(palette.apply(.boldGreen, "Every mutant is killed or declared equivalent") + " (\(summary)).\n")
            return .success
        }
        console.write(palette.apply(.boldRed, "\(report.problems.count) problem(s)") + " (\(summary)).\n")
        return .failure
    }

    /// `3/3 wrong rejected, 1/1 also-correct passed`, or `none` for an exercise without one.
    static func corpusCounts(_ tally: CourseVerifier.CorpusTally) -> String {
        if tally.exercisesWithoutCorpus > 0 { return "none" }
        return "\(tally.wrongFixesRejected)/\(tally.wrongFixes) wrong rejected, \(tally.alsoCorrectPassed)/\(tally.alsoCorrect) also-correct passed"
    }

    /// "112 wrong fixes rejected", or "110 of 112 wrong fixes rejected" when some were not.
    static func count(_ done: Int, of total: Int, _ what: String) -> String {
        done == total ? "\(total) \(what)" : "\(done) of \(total) \(what)"
    }
}
