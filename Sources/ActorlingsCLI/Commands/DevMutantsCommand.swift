import ActorlingsCore
import ActorlingsRuntime

/// `actorlings dev mutants [ID…]`: runs the generated mutants of each exercise's reference
/// solution and prints the mutation score of its tests.
struct DevMutantsCommand: CourseCommand {
    /// Exercise ids; empty: every exercise.
    var only: [String]
    var name: String { "dev mutants" }
    var needs: CommandNeeds { [.lock, .toolchain, .authoring] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        if let option = words.arguments.first(where: { $0.hasPrefix("-") }) {
            throw UsageError("unexpected '\(option)'; `dev mutants` takes exercise ids", command: "dev")
        }
        return DevMutantsCommand(only: words.arguments.flatMap { $0.split(separator: ",").map(String.init) })
    }

    func run(in session: Session) async throws -> ExitCode {
        for id in only { _ = try session.exercise(named: id) }
        let runner = MutantRunner(checker: try await session.makeChecker())
        let (console, palette) = (session.console, session.palette)
        let total = only.isEmpty ? session.course.exercises.count : only.count
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
}
