import Testing

@testable import ActorlingsCore

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
            ([], Command.start),
            (["watch"], .watch),
            (["list"], .list),
            (["check"], .check(.current)),
            (["check", "intro"], .check(.exercise("intro"))),
            (["check", "--all"], .check(.all)),
            (["hint"], .hint(nil)),
            (["hint", "intro"], .hint("intro")),
            (["lesson", "1"], .lesson("1")),
            (["reset", "intro"], .reset("intro", confirmed: false)),
            (["reset", "intro", "--yes"], .reset("intro", confirmed: true)),
            (["reset", "-y", "intro"], .reset("intro", confirmed: true)),
            (["solution", "intro"], .solution("intro")),
            (["dev", "check"], .devCheck(only: [])),
            (["dev", "check", "--only", "a,b", "--only", "c"], .devCheck(only: ["a", "b", "c"])),
            (["dev", "check", "a", "--only", "b"], .devCheck(only: ["a", "b"])),
            (["dev", "generate"], .devGenerate),
            (["explain", "--build"], .explainBuild(path: ".", survey: false)),
            (["explain", "--build", "--survey", "pkg"], .explainBuild(path: "pkg", survey: true)),
            (["doctor"], .doctor(DoctorOptions())),
            (["doctor", "--min-free-mb", "50", "--no-build"], .doctor(DoctorOptions(minimumFreeMegabytes: 50, build: false))),
            (["update", "../course.bundle"], .update(source: "../course.bundle", undo: false)),
            (["update"], .update(source: nil, undo: false)),
            (["update", "--undo"], .update(source: nil, undo: true)),
            (["--help"], .help(nil)),
            (["help", "check"], .help("check")),
            (["check", "--help"], .help("check")),
            (["--version"], .version),
            (["grade"], .grade(GradeOptions())),
            (
                ["grade", "--step", "1,2", "--only", "intro", "--format", "junit", "-o", "g.xml", "--min-score", "80"],
                .grade(GradeOptions(steps: [1, 2], only: ["intro"], format: .junit, output: "g.xml", minimumScore: 80))
            ),
            (
                ["class", "a.json", "b.json", "--format", "html", "--output", "c.html"],
                .classSummary(files: ["a.json", "b.json"], format: .html, output: "c.html")
            ),
            (["dev", "benchmark", "intro", "--runs", "3"], .devBenchmark(exercise: "intro", runs: 3)),
            (["grade", "--submission", "../ada", "--jobs", "2"], .grade(submissionOptions)),
            (
                ["class", "grade", "ada", "bob.bundle", "--output-dir", "out", "--jobs", "3"],
                .classGrade(ClassGradeOptions(submissions: ["ada", "bob.bundle"], outputDirectory: "out", jobs: 3))
            ),
            (
                ["class", "grade", "ada", "--release", "v2"],
                .classGrade(
                    {
                        var options = ClassGradeOptions(submissions: ["ada"])
                        options.release = "v2"
                        return options
                    }())
            ),
            (
                ["class", "grade", "ada", "--step", "1,2", "--only", "intro,opting-out", "--only", "task-group"],
                .classGrade(ClassGradeOptions(submissions: ["ada"], steps: [1, 2], only: ["intro", "opting-out", "task-group"]))
            ),
        ] as [([String], Command)])
    func commands(arguments: [String], expected: Command) throws {
        #expect(try ArgumentParser.parse(arguments).command == expected)
    }

    @Test(
        "`--replay SEED` goes with `check` of one exercise",
        arguments: [
            (["check", "quota", "--replay", "8121"], Command.check(.exercise("quota")), UInt64(8121)),
            (["check", "--replay=7"], .check(.current), 7),
        ] as [([String], Command, UInt64)])
    func replay(arguments: [String], command: Command, seed: UInt64) throws {
        let invocation = try ArgumentParser.parse(arguments)
        #expect(invocation.command == command)
        #expect(invocation.replaySeed == seed)
    }

    @Test("Global options anywhere on the line")
    func globalOptions() throws {
        let invocation = try ArgumentParser.parse(["--color", "never", "list", "--root=/tmp/course"])
        #expect(invocation.command == .list)
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
}
