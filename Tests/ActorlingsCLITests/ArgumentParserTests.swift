import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

@testable import ActorlingsCLI

private let submissionOptions: GradeOptions = {
    var options = GradeOptions()
    options.submission = "../ada"
    options.jobs = 2
    return options
}()

@Suite("Parsing the command line")
struct ArgumentParserTests {
    @Test(
        "Commands and their arguments",
        arguments: [
            ([], StartCommand()),
            (["watch"], WatchCommand()),
            (["list"], ListCommand()),
            (["check"], CheckCommand(target: .current)),
            (["check", "intro"], CheckCommand(target: .exercise("intro"))),
            (["check", "--all"], CheckCommand(target: .all)),
            (["hint"], HintCommand(exercise: nil)),
            (["hint", "intro"], HintCommand(exercise: "intro")),
            (["lesson", "1"], LessonCommand(target: "1")),
            (["reset", "intro"], ResetCommand(exercise: "intro", confirmed: false)),
            (["reset", "intro", "--yes"], ResetCommand(exercise: "intro", confirmed: true)),
            (["reset", "-y", "intro"], ResetCommand(exercise: "intro", confirmed: true)),
            (["solution", "intro"], SolutionCommand(exercise: "intro")),
            (["dev", "check"], DevCheckCommand(only: [])),
            (["dev", "check", "--only", "a,b", "--only", "c"], DevCheckCommand(only: ["a", "b", "c"])),
            (["dev", "check", "a", "--only", "b"], DevCheckCommand(only: ["a", "b"])),
            (["dev", "generate"], DevGenerateCommand()),
            (["explain", "--build"], ExplainBuildCommand(path: ".", survey: false)),
            (["explain", "--build", "--survey", "pkg"], ExplainBuildCommand(path: "pkg", survey: true)),
            (["doctor"], DoctorCommand(options: DoctorOptions())),
            (["doctor", "--min-free-mb", "50", "--no-build"], DoctorCommand(options: DoctorOptions(minimumFreeMegabytes: 50, build: false))),
            (["update", "../course.bundle"], UpdateCommand(source: "../course.bundle", undo: false)),
            (["update"], UpdateCommand(source: nil, undo: false)),
            (["update", "--undo"], UpdateCommand(source: nil, undo: true)),
            (["--help"], HelpCommand(topic: nil)),
            (["help", "check"], HelpCommand(topic: "check")),
            (["check", "--help"], HelpCommand(topic: "check")),
            (["--version"], VersionCommand()),
            (["grade"], GradeCommand(options: GradeOptions())),
            (
                ["grade", "--step", "1,2", "--only", "intro", "--format", "junit", "-o", "g.xml", "--min-score", "80"],
                GradeCommand(options: GradeOptions(steps: [1, 2], only: ["intro"], format: .junit, output: "g.xml", minimumScore: 80))
            ),
            (
                ["class", "a.json", "b.json", "--format", "html", "--output", "c.html"],
                ClassSummaryCommand(files: ["a.json", "b.json"], format: .html, output: "c.html")
            ),
            (["dev", "benchmark", "intro", "--runs", "3"], DevBenchmarkCommand(exercise: "intro", runs: 3)),
            (["grade", "--submission", "../ada", "--jobs", "2"], GradeCommand(options: submissionOptions)),
            (
                ["class", "grade", "ada", "bob.bundle", "--output-dir", "out", "--jobs", "3"],
                ClassGradeCommand(options: ClassGradeOptions(submissions: ["ada", "bob.bundle"], outputDirectory: "out", jobs: 3))
            ),
            (
                ["class", "grade", "ada", "--release", "v2"],
                ClassGradeCommand(
                    options: {
                        var options = ClassGradeOptions(submissions: ["ada"])
                        options.release = "v2"
                        return options
                    }())
            ),
            (
                ["class", "grade", "ada", "--step", "1,2", "--only", "intro,opting-out", "--only", "task-group"],
                ClassGradeCommand(options: ClassGradeOptions(submissions: ["ada"], steps: [1, 2], only: ["intro", "opting-out", "task-group"]))
            ),
        ] as [([String], any ActorlingsCommand)])
    func commands(arguments: [String], expected: any ActorlingsCommand) throws {
        #expect(try ArgumentParser.parse(arguments).command.isEqual(to: expected))
    }

    @Test(
        "`--replay SEED` goes with `check` of one exercise",
        arguments: [
            (["check", "quota", "--replay", "8121"], CheckCommand(target: .exercise("quota")), UInt64(8121)),
            (["check", "--replay=7"], CheckCommand(target: .current), 7),
        ] as [([String], any ActorlingsCommand, UInt64)])
    func replay(arguments: [String], command: any ActorlingsCommand, seed: UInt64) throws {
        let invocation = try ArgumentParser.parse(arguments)
        #expect(invocation.command.isEqual(to: command))
        #expect(invocation.replaySeed == seed)
    }

    @Test("Global options anywhere on the line")
    func globalOptions() throws {
        let invocation = try ArgumentParser.parse(["--color", "never", "list", "--root=/tmp/course"])
        #expect(invocation.command.isEqual(to: ListCommand()))
        #expect(invocation.color == .never)
        #expect(invocation.root == "/tmp/course")
        #expect(try ArgumentParser.parse(["--color=always"]).color == .always)
    }

    @Test(
        "Usage errors say what was wrong",
        arguments: [
            (["chek"], "unknown command 'chek'; did you mean 'check'?"),
            (["--colour"], "unknown option '--colour'"),
            (["--color", "sometimes"], "--color takes auto, always or never, not 'sometimes'"),
            (["--color"], "--color needs a value"),
            (["reset"], "reset needs the exercise to restore, e.g. `actorlings reset intro`"),
            (["check", "a", "b"], "'check' takes one argument, but got 2: a b"),
            (["check", "a", "--all"], "give an exercise or --all, not both"),
            (["check", "a", "--replay", "soon"], "--replay takes the seed a failing verdict printed, such as 8121, not 'soon'"),
            (["check", "--all", "--replay", "3"], "--replay runs one exercise's schedule again: give that exercise, not --all"),
            (["list", "--replay", "3"], "--replay applies to `check`: `check ID --replay SEED` runs the failing schedule again"),
            (["list", "--yes"], "'list' does not take --yes"),
            (["dev"], "dev needs a subcommand: `dev check` or `dev generate`"),
            (["explain", "--survey"], "--survey goes with --build: `actorlings explain --build --survey PATH`"),
            (["dev", "chekc"], "unknown dev subcommand 'chekc'; did you mean 'check'?"),
            (["grade", "--report", "xml=x"], "--report takes FORMAT=FILE, e.g. junit=grade.xml, not 'xml=x'"),
            (["grade", "--min-score", "120"], "--min-score takes a percentage from 0 to 100, not '120'"),
            (["class"], "class needs the students' JSON reports, e.g. `actorlings class reports/*.json`"),
            (["class", "a.json", "--format", "pdf"], "--format takes text, csv or html, not 'pdf'"),
            (["grade", "--jobs", "0"], "--jobs takes a whole number of at least 1, not '0'"),
            (["doctor", "--min-free-mb", "lots"], "unexpected '--min-free-mb'; `doctor` takes `--min-free-mb N` and `--no-build`"),
            (["update", "x", "--undo"], "`update --undo` takes no source: it restores what the last update changed"),
            (["class", "grade", "ada", "--step", "one"], "--step takes step numbers such as 1 or 1,2, not 'one'"),
            (["class", "grade", "ada", "--release", "../v1"], "--release takes a tag of the course such as v2, not '../v1'"),
            (
                ["class", "grade"],
                "class grade needs the students' submissions (folders, git repositories or bundles), e.g. `actorlings class grade submissions/*`"
            ),
        ] as [([String], String)])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments) }
        do {
            _ = try ArgumentParser.parse(arguments)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test(
        "--all-diagnostics is a verdict option",
        arguments: [
            (["check", "--all-diagnostics"], true), (["--all-diagnostics"], true), (["check", "intro", "--all-diagnostics"], true),
            (["check"], false),
        ])
    func allDiagnosticsOption(arguments: [String], expected: Bool) throws {
        #expect(try ArgumentParser.parse(arguments).allDiagnostics == expected)
    }

    @Test("--all-diagnostics with a command that shows no verdict is a usage error")
    func allDiagnosticsElsewhere() {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["list", "--all-diagnostics"]) }
    }
}

@Suite("The command table")
struct CommandTableTests {
    @Test("Every command in the table has usage of its own", arguments: CommandTable.names)
    func helpForEachName(name: String) {
        #expect(HelpText.text(for: name) != HelpText.text(for: nil))
    }

    @Test(
        "Each command declares the lock and the toolchain it needs",
        arguments: [
            ([], CommandNeeds([.toolchain, .explanations])),
            (["list"], []),
            (["hint"], []),
            (["lesson"], []),
            (["check"], [.lock, .toolchain, .explanations]),
            (["reset", "intro"], [.lock]),
            (["reset", "intro", "--undo"], []),
            (["solution", "intro"], [.lock, .toolchain]),
            (["grade"], [.lock, .toolchain]),
            (["grade", "--submission", "../ada"], [.toolchain]),
            (["class", "grade", "ada"], [.toolchain]),
            (["dev", "check"], [.lock, .toolchain, .authoring]),
            (["dev", "mutants"], [.lock, .toolchain, .authoring]),
            (["dev", "generate"], [.lock, .toolchain, .authoring, .freshShippedList]),
            (["dev", "benchmark"], [.toolchain]),
            (["doctor"], [.toolchain]),
            (["update"], [.lock]),
            (["explain", "--build"], [.interruptible]),
            (["class", "a.json"], [.interruptible]),
            (["explain", "x"], []),
            (["help"], []),
        ] as [([String], CommandNeeds)])
    func needs(arguments: [String], expected: CommandNeeds) throws {
        #expect(try ArgumentParser.parse(arguments).command.needs == expected)
    }
}

/// A course command that asks for the toolchain, declaring it or not.
private struct ToolchainUser: CourseCommand {
    var needs: CommandNeeds
    var name: String { "toolchain user" }

    func run(in session: Session) async throws -> ExitCode {
        _ = try await session.locateToolchain()
        return .success
    }
}

@Suite("A command gets only what it declares")
struct CommandNeedsTests {
    @Test("The toolchain is located only for a command that declares it", arguments: [CommandNeeds(), [.toolchain]])
    func toolchain(needs: CommandNeeds) async throws {
        let context = CommandContext(
            console: RecordingConsole(), palette: .plain, environment: ProcessInfo.processInfo.environment,
            currentDirectory: TestPaths.fixtureCourse, root: nil, allDiagnostics: false, replaySeed: nil, sandboxLauncher: nil)
        do {
            let code = try await ToolchainUser(needs: needs).run(in: context)
            #expect(needs.contains(.toolchain) && code == .success)
        } catch {
            #expect(!needs.contains(.toolchain) && error is UndeclaredNeed, "\(error)")
        }
    }
}
