import Foundation
import Testing

@testable import ActorlingsCore

/// A small valid course held in memory; each test breaks one thing.
private func validCourse() -> [String: String] {
    [
        "Exercises/course.toml": """
        format = 1
        title = "Test course"
        version = "1.2.3"
        minimum-swift = "6.2"
        forbid = ["unchecked-sendable"]

        [[construct]]
        id = "unchecked-sendable"
        name = "@unchecked Sendable"
        syntax = "@unchecked"
        why = "It hides races."
        instead = "Use an actor."

        [[construct]]
        id = "task-detached"
        references = ["_Concurrency.Task.detached"]
        why = "It loses context."
        instead = "Use @concurrent."

        [[step]]
        number = 0
        id = "welcome"
        title = "Welcome"
        exercises = ["intro"]

        [[step]]
        number = 1
        id = "single-threaded"
        title = "Single-threaded"
        exercises = ["main-actor-mode"]
        """,
        "Lessons/00-welcome.md": "# Welcome\n\n## Reading a diagnostic\n\n## Exercises\n\n- `intro`\n",
        "Lessons/01-single-threaded.md": "# Single\n\n## Main actor mode\n\n## Exercises\n\n- `main-actor-mode`\n",
        "Exercises/00-welcome/intro/exercise.toml": """
        title = "Intro"
        section = "reading-a-diagnostic"
        files = ["Greeting.swift"]

        [settings]
        swift-version = 6

        [expect]
        tests = ["greets()"]
        """,
        "Lessons/Hints/00-welcome/intro.toml": "format = 1\nladder = [\"one\", \"two\"]\nafter = \"Done.\"\n",
        "Lessons/Hints/01-single-threaded/main-actor-mode.toml": """
        format = 1
        ladder = ["one", "two", "three"]
        after = \"\"\"
        Remember.
        \"\"\"

        [[when]]
        diagnostic = "ActorIsolatedCall"
        hint = "Mark the function nonisolated."
        """,
        "Exercises/00-welcome/intro/Sources/Greeting.swift": "func greet() -> String { \"\" }\n",
        "Exercises/00-welcome/intro/Tests/GreetingTests.swift": "import Testing\n",
        "Solutions/00-welcome/intro/Greeting.swift": "func greet() -> String { \"hi\" }\n",
        "Exercises/01-single-threaded/main-actor-mode/exercise.toml": """
        title = "Main actor mode"
        section = "main-actor-mode"
        files = ["Feed.swift"]
        time-limit = 5
        forbid = ["task-detached"]
        allow = ["unchecked-sendable"]

        [settings]
        default-isolation = "MainActor"
        upcoming-features = ["NonisolatedNonsendingByDefault", "InferIsolatedConformances"]

        [expect]
        diagnostic = "ActorIsolatedCall"
        """,
        "Exercises/01-single-threaded/main-actor-mode/Sources/Feed.swift": "final class Feed {}\n",
        "Exercises/01-single-threaded/main-actor-mode/Tests/FeedTests.swift": "import Testing\n",
        "Solutions/01-single-threaded/main-actor-mode/Feed.swift": "final class Feed {}\n",
    ]
}

private func problems(_ files: [String: String]) -> [CourseProblem] {
    do {
        _ = try CourseLoader(files: InMemoryCourseFiles(files)).load()
        return []
    } catch let error as CourseLoadError {
        return error.problems
    } catch {
        return [CourseProblem(file: "?", message: "\(error)")]
    }
}

@Suite("Loading and validating the course")
struct CourseLoaderTests {
    @Test("A valid course loads with every field")
    func valid() throws {
        let course = try CourseLoader(files: InMemoryCourseFiles(validCourse())).load()
        #expect(course.title == "Test course")
        #expect(course.version == "1.2.3")
        #expect(course.minimumSwift == ToolchainVersion([6, 2]))
        #expect(course.exercises.map(\.id) == ["intro", "main-actor-mode"])
        let intro = try #require(course.exercise(id: "intro"))
        #expect(intro.directory == "Exercises/00-welcome/intro")
        #expect(intro.solutionPaths == ["Solutions/00-welcome/intro/Greeting.swift"])
        #expect(intro.testPaths == ["Exercises/00-welcome/intro/Tests/GreetingTests.swift"])
        #expect(intro.expectedFailure == .tests(["greets()"]))
        #expect(intro.forbidden == ["unchecked-sendable"])
        #expect(intro.timeLimit == .seconds(10))
        let feed = try #require(course.exercise(id: "main-actor-mode"))
        #expect(feed.moduleName == "MainActorMode")
        #expect(feed.testModuleName == "MainActorModeTests")
        #expect(feed.forbidden == ["task-detached"])
        #expect(feed.timeLimit == .seconds(5))
        #expect(feed.afterPass == "Remember.\n")
        #expect(feed.settings.defaultIsolation == .mainActor)
        #expect(
            feed.settings.compilerFlags == [
                "-swift-version", "6", "-default-isolation", "MainActor",
                "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances",
            ])
        #expect(feed.expectedFailure == .compile(diagnostic: "ActorIsolatedCall", message: nil))
    }

    @Test("An unknown key is reported with its line and a suggestion")
    func unknownKey() {
        var files = validCourse()
        files["Exercises/00-welcome/intro/exercise.toml"] = files["Exercises/00-welcome/intro/exercise.toml"]!
            .replacingOccurrences(of: "section = ", with: "sectoin = ")
        let found = problems(files)
        #expect(
            found.contains(
                CourseProblem(file: "Exercises/00-welcome/intro/exercise.toml", line: 2, key: "sectoin", message: "unknown key; did you mean 'section'?")))
        #expect(found.contains { $0.key == "section" && $0.message.contains("missing") })
    }

    @Test("A key written below a table header is explained")
    func keyInWrongTable() {
        var files = validCourse()
        files["Exercises/00-welcome/intro/exercise.toml"]! += "\nafter-note = \"x\"\n"
        let found = problems(files)
        #expect(found.contains { $0.key == "expect.after-note" && $0.line == 10 })
    }

    @Test("A TOML syntax error names the file and line")
    func syntaxError() {
        var files = validCourse()
        files["Exercises/course.toml"] = "format = 1\ntitle = \"unterminated\n"
        let found = problems(files)
        #expect(found.count == 1)
        #expect(found.first?.file == "Exercises/course.toml")
        #expect(found.first?.line == 2)
    }

    @Test("A newer course format asks to update Actorlings")
    func newerFormat() {
        var files = validCourse()
        files["Exercises/course.toml"] = files["Exercises/course.toml"]!.replacingOccurrences(of: "format = 1", with: "format = 9")
        #expect(throws: NewerCourseFormatError.self) { try CourseLoader(files: InMemoryCourseFiles(files)).load() }
    }

    @Test("Missing lesson, section, solution and test files are each reported")
    func missingFiles() {
        var files = validCourse()
        files["Lessons/00-welcome.md"] = nil
        files["Solutions/01-single-threaded/main-actor-mode/Feed.swift"] = nil
        files["Exercises/01-single-threaded/main-actor-mode/Tests/FeedTests.swift"] = nil
        files["Lessons/01-single-threaded.md"] = "# Single\n\n## Main actor mood\n"
        let messages = problems(files).map(\.description)
        #expect(messages.contains { $0.contains("Lessons/00-welcome.md does not exist") })
        #expect(messages.contains { $0.contains("Solutions/01-single-threaded/main-actor-mode/Feed.swift: the reference solution") })
        #expect(messages.contains { $0.contains("no Swift Testing tests") })
        #expect(messages.contains { $0.contains("no heading with slug 'main-actor-mode'; did you mean 'main-actor-mood'?") })
    }

    @Test("Unlisted files and unlisted exercise folders are reported")
    func strays() {
        var files = validCourse()
        files["Exercises/00-welcome/intro/Sources/Extra.swift"] = "let x = 1\n"
        files["Exercises/00-welcome/forgotten/exercise.toml"] = ""
        files["Exercises/07-later/thing/exercise.toml"] = ""
        let messages = problems(files).map(\.description)
        #expect(messages.contains { $0.contains("Sources/Extra.swift is not listed") })
        #expect(messages.contains { $0.contains("Exercises/00-welcome/forgotten: this exercise is not listed") })
        #expect(messages.contains { $0.contains("Exercises/07-later: this folder belongs to no step") })
    }

    @Test("`support` names modules of Exercises/Support that the tests import; a missing, misnamed or clashing one is reported")
    func supportModules() throws {
        var files = validCourse()
        let definition = "Exercises/00-welcome/intro/exercise.toml"
        files[definition] = files[definition]!.replacingOccurrences(
            of: "files = [\"Greeting.swift\"]", with: "files = [\"Greeting.swift\"]\nsupport = [\"Harness\"]")
        files["Exercises/Support/Harness/Explore.swift"] = "public enum Explore {}\n"
        files["Exercises/Support/Harness/Trace.swift"] = "struct Trace {}\n"
        files["Exercises/Support/Harness/README.md"] = "Not Swift.\n"
        let intro = try #require(try CourseLoader(files: InMemoryCourseFiles(files)).load().exercise(id: "intro"))
        let expected = SupportModule(name: "Harness", files: ["Exercises/Support/Harness/Explore.swift", "Exercises/Support/Harness/Trace.swift"])
        #expect(intro.supportModules == [expected])

        for (names, message) in [
            ("\"Missing\"", "there is no support module 'Missing': Exercises/Support/Missing/ holds no Swift file"),
            ("\"two words\"", "'two words' is not a module name"),
            ("\"Intro\"", "support module 'Intro' has the module name of exercise 'intro'"),
        ] {
            var broken = files
            broken[definition] = files[definition]!.replacingOccurrences(of: "support = [\"Harness\"]", with: "support = [\(names)]")
            broken["Exercises/Support/Intro/Clash.swift"] = "struct Clash {}\n"
            #expect(problems(broken).contains { $0.key == "support" && $0.message.contains(message) }, "\(names)")
        }
    }

    @Test("Protected files are compiled with the learner's, listed apart from `files`")
    func protectedFiles() throws {
        var files = validCourse()
        let definition = "Exercises/00-welcome/intro/exercise.toml"
        files[definition] = files[definition]!.replacingOccurrences(
            of: "files = [\"Greeting.swift\"]", with: "files = [\"Greeting.swift\"]\nprotected = [\"Library.swift\"]")
        files["Exercises/00-welcome/intro/Sources/Library.swift"] = "struct Library {}\n"
        let intro = try #require(try CourseLoader(files: InMemoryCourseFiles(files)).load().exercise(id: "intro"))
        #expect(intro.files == ["Greeting.swift"])
        #expect(intro.protectedPaths == ["Exercises/00-welcome/intro/Sources/Library.swift"])

        files[definition] = files[definition]!.replacingOccurrences(
            of: "protected = [\"Library.swift\"]", with: "protected = [\"Greeting.swift\", \"Gone.swift\"]")
        let found = problems(files)
        #expect(
            found.contains(CourseProblem(file: definition, line: 4, key: "protected", message: "'Gone.swift' is not in Exercises/00-welcome/intro/Sources/")))
        #expect(found.contains { $0.key == "protected" && $0.message.contains("'Greeting.swift' is also in `files`") })
        #expect(found.contains { $0.key == "files" && $0.message.contains("Sources/Library.swift is not listed") })
    }

    @Test(
        "Bad settings and expectations are explained",
        arguments: [
            ("swift-version = 6", "swift-version = 7", "must be 5 or 6, found 7"),
            ("swift-version = 6", "default-isolation = \"mainactor\"", "must be \"MainActor\" or \"nonisolated\" (case-sensitive)"),
            ("swift-version = 6", "upcoming-features = [\"NonisolatedNonSendingByDefault\"]", "did you mean 'NonisolatedNonsendingByDefault'?"),
            ("swift-version = 6", "strict-concurrency = \"complete\"", "only applies with swift-version = 5"),
            ("swift-version = 6", "swift-version = 6\nminimum-macos = \"26.x\"", "must be a macOS version such as \"26\" or \"15.4\", found \"26.x\""),
            ("swift-version = 6", "swift-version = 6\nminimum-macos = \"14\"", "every exercise already runs on macOS 15, the course's floor"),
            ("swift-version = 6", "swift-version = 6\nminimum-macos = 26", "expected a string"),
            ("tests = [\"greets()\"]", "diagnostic = \"#ActorIsolatedCall\"", "write the group without '#'"),
            ("tests = [\"greets()\"]", "tests = [\"a()\"]\nmessage = \"x\"", "not both"),
            ("tests = [\"greets()\"]", "", "say why the shipped exercise fails"),
            ("files = [\"Greeting.swift\"]", "files = [\"Greeting.swift\"]\ntime-limit = 0", "must be between 1 and 600 seconds"),
            ("files = [\"Greeting.swift\"]", "files = [\"Greeting.swift\"]\nforbid = [\"dispatch\"]", "unknown construct 'dispatch'"),
        ])
    func badValues(original: String, replacement: String, message: String) {
        var files = validCourse()
        files["Exercises/00-welcome/intro/exercise.toml"] = files["Exercises/00-welcome/intro/exercise.toml"]!
            .replacingOccurrences(of: original, with: replacement)
        let found = problems(files)
        #expect(found.contains { $0.message.contains(message) }, "\(found)")
        #expect(found.allSatisfy { $0.file == "Exercises/00-welcome/intro/exercise.toml" })
    }

    @Test("`minimum-macos` sets the exercise's macOS and the generated package's")
    func minimumMacOS() throws {
        var files = validCourse()
        let floor = try CourseLoader(files: InMemoryCourseFiles(files)).load()
        #expect(ExercisesManifest.platform(floor).version == MacOSVersion.courseFloor)
        try goldenFiles.check(ExercisesManifest.render(floor), named: "exercises-manifest-floor.swift.txt")

        files["Exercises/00-welcome/intro/exercise.toml"] = files["Exercises/00-welcome/intro/exercise.toml"]!
            .replacingOccurrences(of: "swift-version = 6", with: "swift-version = 6\nminimum-macos = \"26\"")
        let course = try CourseLoader(files: InMemoryCourseFiles(files)).load()
        #expect(course.exercise(id: "intro")?.settings.requiredMacOS == MacOSVersion(26))
        #expect(course.exercise(id: "main-actor-mode")?.settings.requiredMacOS == MacOSVersion.courseFloor)
        try goldenFiles.check(ExercisesManifest.render(course), named: "exercises-manifest-macos-26.swift.txt")
    }

    @Test("A bad `minimum-macos` names the file, the line and the key")
    func minimumMacOSProblemLocation() {
        var files = validCourse()
        files["Exercises/00-welcome/intro/exercise.toml"] = files["Exercises/00-welcome/intro/exercise.toml"]!
            .replacingOccurrences(of: "swift-version = 6", with: "swift-version = 6\nminimum-macos = \"Tahoe\"")
        let found = problems(files)
        #expect(found.count == 1)
        #expect(found.first?.file == "Exercises/00-welcome/intro/exercise.toml")
        #expect(found.first?.line == 7)
        #expect(found.first?.key?.contains("minimum-macos") == true, "\(found)")
    }

    @Test(
        "A construct says how it is matched, in today's keys",
        arguments: [
            ("syntax = \"@unchecked\"", "pattern = \"@unchecked Sendable\"", "`pattern` was replaced: use `syntax`"),
            ("syntax = \"@unchecked\"", "", "says nothing to match"),
            ("references = [\"_Concurrency.Task.detached\"]", "references = \"Task.detached\"", "expected an array of strings"),
        ])
    func badConstructs(original: String, replacement: String, message: String) {
        var files = validCourse()
        files["Exercises/course.toml"] = files["Exercises/course.toml"]!.replacingOccurrences(of: original, with: replacement)
        let found = problems(files)
        #expect(found.contains { $0.message.contains(message) && $0.file == "Exercises/course.toml" }, "\(found)")
    }

    @Test("An exercise's own construct and [only-in] files load, and forbid what they name")
    func localConstructs() throws {
        var files = validCourse()
        files["Exercises/00-welcome/intro/exercise.toml"] = files["Exercises/00-welcome/intro/exercise.toml"]!
            .replacingOccurrences(
                of: "[settings]",
                with: """
                    [[construct]]
                    id = "old-api"
                    references = ["exercise.Old.fetch(completion:)"]
                    why = "w"
                    instead = "i"

                    [only-in]
                    old-api = ["Greeting.swift"]
                    task-detached = ["Greeting.swift"]

                    [settings]
                    """)
        let course = try CourseLoader(files: InMemoryCourseFiles(files)).load()
        let intro = try #require(course.exercises.first { $0.id == "intro" })
        #expect(intro.forbidden.contains("old-api"))
        #expect(intro.forbidden.contains("task-detached"))
        #expect(intro.construct(id: "old-api", in: course)?.matchers == [.references(["exercise.Old.fetch(completion:)"])])
        #expect(intro.allows("task-detached", in: "Exercises/00-welcome/intro/Sources/Greeting.swift"))
        #expect(!intro.allows("task-detached", in: "Exercises/00-welcome/intro/Sources/Other.swift"))
    }

    @Test(
        "Bad [only-in] tables and clashing construct ids are explained",
        arguments: [
            ("[only-in]\nunknown-thing = [\"Greeting.swift\"]\n\n[settings]", "unknown construct 'unknown-thing'"),
            ("[only-in]\ntask-detached = [\"Nope.swift\"]\n\n[settings]", "'Nope.swift' is not one of the exercise's `files`"),
            (
                "[[construct]]\nid = \"task-detached\"\nsyntax = \"x\"\nwhy = \"w\"\ninstead = \"i\"\n\n[settings]",
                "'task-detached' is already a construct of the course"
            ),
        ])
    func badLocalConstructs(replacement: String, message: String) {
        var files = validCourse()
        files["Exercises/00-welcome/intro/exercise.toml"] = files["Exercises/00-welcome/intro/exercise.toml"]!
            .replacingOccurrences(of: "[settings]", with: replacement)
        let found = problems(files)
        #expect(found.contains { $0.message.contains(message) && $0.file == "Exercises/00-welcome/intro/exercise.toml" }, "\(found)")
    }

    @Test("Steps are numbered in order and exercise ids are unique")
    func stepsAndIDs() {
        var files = validCourse()
        files["Exercises/course.toml"] = files["Exercises/course.toml"]!
            .replacingOccurrences(of: "number = 1", with: "number = 2")
            .replacingOccurrences(of: "exercises = [\"main-actor-mode\"]", with: "exercises = [\"main-actor-mode\", \"intro\", \"Bad_ID\"]")
        let messages = problems(files).map(\.description)
        #expect(messages.contains { $0.contains("expected 1, found 2") })
        #expect(messages.contains { $0.contains("'intro' is listed twice") })
        #expect(messages.contains { $0.contains("'Bad_ID' is not a valid exercise id") })
    }

    @Test(
        "`quiz` marks a review exercise; anything but a boolean is reported with its line and key",
        arguments: [("quiz = true", true), ("quiz = false", false), ("", false)])
    func quizKey(line: String, isQuiz: Bool) throws {
        var files = validCourse()
        let definition = "Exercises/00-welcome/intro/exercise.toml"
        files[definition] = files[definition]!.replacingOccurrences(of: "[settings]", with: line + "\n\n[settings]")
        let course = try CourseLoader(files: InMemoryCourseFiles(files)).load()
        #expect(try #require(course.exercise(id: "intro")).isQuiz == isQuiz)
    }

    @Test("A `quiz` that is not a boolean names the file, line and key")
    func quizNotBoolean() {
        var files = validCourse()
        let definition = "Exercises/00-welcome/intro/exercise.toml"
        files[definition] = files[definition]!.replacingOccurrences(of: "[settings]", with: "quiz = \"yes\"\n\n[settings]")
        let found = problems(files)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.file == definition)
        #expect(found.first?.line == 5)
        #expect(found.first?.key == "quiz")
        #expect(found.first?.message.contains("expected true or false") == true, "\(found)")
    }

    @Test(
        "Module names come from ids",
        arguments: [
            ("intro", "Intro"), ("main-actor-mode", "MainActorMode"), ("async-let", "AsyncLet"), ("step2-x", "Step2X"),
        ])
    func moduleNames(id: String, module: String) {
        #expect(Exercise.moduleName(forID: id) == module)
    }
}

extension CourseLoaderTests {
    @Test("In a learner's command, a broken exercise.toml makes only that exercise a course error")
    func brokenExerciseAlone() throws {
        var files = validCourse()
        files["Exercises/00-welcome/intro/exercise.toml"] = files["Exercises/00-welcome/intro/exercise.toml"]?
            .replacingOccurrences(of: "section = ", with: "sectoin = ")
        let course = try CourseLoader(files: InMemoryCourseFiles(files), strict: false).load()
        #expect(course.exercise(id: "intro") == nil)
        #expect(course.exercise(id: "main-actor-mode") != nil)
        #expect(course.brokenExercises.map(\.id) == ["intro"])
        #expect(course.brokenExercises.first?.problems.contains { $0.key == "sectoin" } == true)
        // Authoring still refuses the whole course.
        #expect(throws: CourseLoadError.self) { try CourseLoader(files: InMemoryCourseFiles(files)).load() }
    }
}

extension CourseLoaderTests {
    @Test("Verdict hints and the ladder load from the hint file outside the exercise's folder")
    func guidanceLoads() throws {
        let course = try CourseLoader(files: InMemoryCourseFiles(validCourse())).load()
        let feed = try #require(course.exercise(id: "main-actor-mode"))
        #expect(feed.hints == ["one", "two", "three"])
        #expect(feed.verdictHints == [VerdictHint(diagnostic: "ActorIsolatedCall", text: "Mark the function nonisolated.")])
        #expect(feed.guidancePath == "Lessons/Hints/01-single-threaded/main-actor-mode.toml")
    }

    @Test(
        "Hint files are validated, and hints in the old place name the new one",
        arguments: [
            // (file to change, text to replace, replacement, file, key, words of the message)
            (
                "Exercises/00-welcome/intro/exercise.toml", "files = [", "hints = [\"a\", \"b\"]\nfiles = [",
                "Exercises/00-welcome/intro/exercise.toml", "hints", "move them to Lessons/Hints/00-welcome/intro.toml as `ladder = …`"
            ),
            (
                "Exercises/00-welcome/intro/exercise.toml", "files = [", "after = \"Done.\"\nfiles = [",
                "Exercises/00-welcome/intro/exercise.toml", "after", "move them to Lessons/Hints/00-welcome/intro.toml as `after = …`"
            ),
            (
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "diagnostic = \"ActorIsolatedCall\"", "",
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", nil, "say when this hint applies"
            ),
            (
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "diagnostic = \"ActorIsolatedCall\"", "outcome = \"hung\"",
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "when #1.outcome", "must be one of \"compile-failed\""
            ),
            (
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "diagnostic = \"ActorIsolatedCall\"", "tests = [\"nowhere()\"]",
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "when #1.tests", "no test file of the exercise declares 'nowhere()'"
            ),
            (
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "\"ActorIsolatedCall\"", "\"#ActorIsolatedCall\"",
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "when #1.diagnostic", "without '#'"
            ),
            (
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "format = 1", "format = 7",
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "format", "update Actorlings"
            ),
            (
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "hint = \"Mark", "hint = \"Mark\"\ntext = \"",
                "Lessons/Hints/01-single-threaded/main-actor-mode.toml", "when #1.text", "unknown key"
            ),
        ] as [(String, String, String, String, String?, String)])
    func guidanceProblems(path: String, target: String, replacement: String, file: String, key: String?, words: String) throws {
        var files = validCourse()
        let original = try #require(files[path])
        files[path] = original.replacingOccurrences(of: target, with: replacement)
        #expect(files[path] != original)
        let found = problems(files)
        #expect(found.contains { $0.file == file && $0.key == key && $0.message.contains(words) }, "\(found)")
    }

    @Test("A missing hint file says where it goes and what it holds")
    func guidanceMissing() {
        var files = validCourse()
        files["Lessons/Hints/00-welcome/intro.toml"] = nil
        let found = problems(files)
        #expect(found.contains { $0.file == "Lessons/Hints/00-welcome/intro.toml" && $0.message.contains("`ladder = [") && $0.line == nil })
    }
}
