import ActorlingsCore
import ActorlingsRuntime

/// `actorlings dev check [ID…]`: the course author's proof that the course is sound — every
/// exercise fails as shipped and passes with its solution, every wrong fix in its corpus is
/// rejected, every lesson's code compiles (`CourseVerifier`).
struct DevCheckCommand: CourseCommand {
    /// Exercise ids or lesson paths; empty: the whole course.
    var only: [String]
    var name: String { "dev check" }
    var needs: CommandNeeds { [.lock, .toolchain, .authoring] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        var rest = words.arguments
        var only: [String] = []
        while let word = rest.first {
            if !word.hasPrefix("-") {
                // `dev check ID`: the same as `--only ID`, as `check ID` reads.
                only += word.split(separator: ",").map(String.init)
                rest.removeFirst()
                continue
            }
            guard word == "--only", rest.count >= 2 else {
                throw UsageError("unexpected '\(word)'; `dev check` takes exercise ids, or `--only ID` (repeatable)", command: "dev")
            }
            only += rest[1].split(separator: ",").map(String.init)
            rest.removeFirst(2)
        }
        return DevCheckCommand(only: only)
    }

    func run(in session: Session) async throws -> ExitCode {
        let lessons = Set(session.course.steps.flatMap { [$0.lessonPath, $0.directoryName] })
        for id in only where !lessons.contains(id) { _ = try session.exercise(named: id) }
        let verifier = CourseVerifier(checker: try await session.makeChecker())
        let (console, palette, course) = (session.console, session.palette, session.course)
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
