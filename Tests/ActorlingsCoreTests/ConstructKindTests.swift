import Foundation
import Testing

@testable import ActorlingsCore

/// Constructs by meaning (`kind = "sleep"`, `inside = "loop"`), tried against spellings no rule
/// lists. Each folder of `Fixtures/construct-kinds/` is one attack: its Swift files and `ast.txt`,
/// their `swiftc -dump-ast -parse-as-library -swift-version 6 -module-name Attack -j1 <files>`
/// (Swift 6.3.1, Linux), captured in that folder so the dump names the files as the sources do.
@Suite("Constructs by kind, in what the compiler resolved")
struct ConstructKindTests {
    struct Attack: Sendable, CustomTestStringConvertible {
        var folder: String
        var kinds: [ConstructKind]
        var inside: ConstructKind.Place?
        /// `File.swift:line` of every finding.
        var expected: [String]
        /// The module the attack's code tests, when it is a test (its dump was made with it).
        var tested: String? = nil

        var testDescription: String { "\(folder) (\(kinds.map(\.rawValue).joined(separator: "+"))\(inside.map { " in a \($0.rawValue)" } ?? ""))" }
    }

    static let polling: [ConstructKind] = [.sleep, .yield]

    static let attacks: [Attack] = [
        Attack(folder: "typealias-clock", kinds: polling, inside: .loop, expected: ["Poll.swift:6"]),
        Attack(folder: "generic-clock", kinds: polling, inside: .loop, expected: ["Poll.swift:3"]),
        Attack(folder: "any-clock", kinds: polling, inside: .loop, expected: ["Poll.swift:3"]),
        Attack(folder: "helper-in-another-file", kinds: polling, inside: .loop, expected: ["Pause.swift:2"]),
        Attack(folder: "closure", kinds: polling, inside: .loop, expected: ["Poll.swift:2"]),
        Attack(folder: "recursion", kinds: polling, inside: .loop, expected: ["Poll.swift:3"]),
        Attack(folder: "protocol-witness", kinds: polling, inside: .loop, expected: ["Poll.swift:4"]),
        Attack(folder: "computed-property", kinds: polling, inside: .loop, expected: ["Poll.swift:4"]),
        Attack(folder: "blocking-sleeps", kinds: [.sleep], inside: .loop, expected: ["Poll.swift:5", "Poll.swift:6"]),
        // One sleep before a loop is not polling; anywhere, it is a sleep.
        Attack(folder: "sleep-once", kinds: polling, inside: .loop, expected: []),
        Attack(folder: "sleep-once", kinds: polling, inside: nil, expected: ["Wait.swift:2"]),
        // `Task {}`, `Task(name:)`, an alias, `Task<Int, Never>`, detached, immediate,
        // immediateDetached, `await Task {}.value`, `Task<Void, Never>.init` as a value.
        Attack(
            folder: "task-spellings", kinds: [.unstructuredTask], inside: nil,
            expected: (4...12).map { "Start.swift:\($0)" }),
        Attack(folder: "task-spellings", kinds: [.detachedTask], inside: nil, expected: ["Start.swift:8", "Start.swift:10"]),
        Attack(folder: "task-spellings", kinds: polling, inside: nil, expected: []),
        // None of these tasks awaits anything: each is a turn of the scheduler.
        Attack(folder: "task-spellings", kinds: [.idleTask], inside: nil, expected: (4...12).map { "Start.swift:\($0)" }),
        // Tests of module `Lib` (`Lib.swift.txt`): `await Task {}.value`, a task that only reads a
        // property, one that only yields, `async let pause: Void = ()` and an empty group child are
        // barriers; a task, child or `async let` that awaits `Lib`'s code (also through a helper
        // of the tests, or detached) does work.
        Attack(
            folder: "idle-tasks", kinds: [.idleTask], inside: nil,
            expected: ["Tests.swift:7", "Tests.swift:9", "Tests.swift:11", "Tests.swift:15", "Tests.swift:17"], tested: "Lib"),
    ]

    static func sources(_ folder: String) throws -> [ConstructFinder.Source] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/construct-kinds/\(folder)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            ConstructFinder.Source(
                path: name, displayPath: "Sources/\(name)", text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    @Test("A rule by kind finds each spelling no rule lists", arguments: attacks)
    func attack(_ attack: Attack) throws {
        let dump = try fixture("construct-kinds/\(attack.folder)/ast.txt")
        let view = CompilerView(astDump: dump, moduleName: attack.tested.map { _ in "AttackTests" } ?? "Attack", usesOf: attack.tested)
        let construct = Construct(
            id: "rule", name: "rule", matchers: attack.kinds.map { .kind($0, inside: attack.inside) }, why: "w", instead: "i")
        let found = ConstructFinder(constructs: [construct]).findings(in: try Self.sources(attack.folder), view: view)
        let places = Set(found.map { "\($0.file.replacingOccurrences(of: "Sources/", with: "")):\($0.line)" })
        #expect(places == Set(attack.expected))
        #expect(found.allSatisfy { !$0.lineText.isEmpty })
    }

    @Test(
        "A kind is decided on the resolved name, never on the learner's own declarations",
        arguments: [
            ("_Concurrency.Task.sleep(for:tolerance:clock:)", ConstructKind.sleep, true),
            ("_Concurrency.Clock.sleep(for:tolerance:)", .sleep, true),
            ("_Concurrency.ContinuousClock.sleep(until:tolerance:)", .sleep, true),
            ("Testing.Test.Clock.sleep(until:tolerance:)", .sleep, true),
            ("Foundation.Thread.sleep(forTimeInterval:)", .sleep, true),
            ("libc.nanosleep", .sleep, true),
            ("exercise.Pacer.sleep(for:)", .sleep, false),
            ("_Concurrency.Clock.sleepiness", .sleep, false),
            ("_Concurrency.Task.yield()", .yield, true),
            ("_Concurrency.Task.suspend()", .yield, true),
            ("_Concurrency.AsyncStream.Continuation.yield(_:)", .yield, false),
            ("_Concurrency.Task.init(name:priority:operation:)", .unstructuredTask, true),
            ("_Concurrency.Task.immediateDetached(name:priority:executorPreference:operation:)", .unstructuredTask, true),
            ("_Concurrency.Task.value", .unstructuredTask, false),
            ("_Concurrency.TaskGroup.addTask(name:priority:operation:)", .unstructuredTask, false),
            ("_Concurrency.Task.runDetached(priority:operation:)", .detachedTask, true),
            ("_Concurrency.Task.immediate(name:priority:executorPreference:operation:)", .detachedTask, false),
            ("_Concurrency.Task.init(name:priority:operation:)", .idleTask, true),
            ("_Concurrency.ThrowingDiscardingTaskGroup.addImmediateTaskUnlessCancelled(name:priority:operation:)", .idleTask, true),
            ("_Concurrency.AsyncStream.Continuation.yield(_:)", .idleTask, false),
        ])
    func resolvedNames(name: String, kind: ConstructKind, matches: Bool) {
        #expect(kind.matches(name) == matches)
    }

    /// The course's `clock-reading` rule (Exercises/course.toml), which every exploring exercise
    /// forbids: each way the folder's code reads the time is found — through `Clock`'s protocol,
    /// a typealias, an `any Clock`, Foundation's dates, Dispatch's time — and a date made from a
    /// number, or a duration, is not.
    @Test("The course's clock-reading rule finds every way to read the time, and no date made from a number")
    func clockReadings() throws {
        let course = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Exercises/course.toml")
        let (constructs, problems) = try Self.load(try String(contentsOf: course, encoding: .utf8))
        #expect(problems.isEmpty, "\(problems)")
        let rule = try #require(constructs.first { $0.id == "clock-reading" })
        let view = CompilerView(astDump: try fixture("construct-kinds/clock-readings/ast.txt"), moduleName: "Attack")
        let found = ConstructFinder(constructs: [rule]).findings(in: try Self.sources("clock-readings"), view: view)
        #expect(Set(found.map(\.line)) == Set(6...15).union(24...26), "\(found.map { "\($0.line): \($0.lineText)" })")
    }

    static func load(_ text: String) throws -> (constructs: [Construct], problems: [String]) {
        let table = try TOMLParser.parse(text)
        var tables: [TOMLTable] = []
        if case .array(let values)? = table["construct"]?.value {
            tables = values.compactMap { if case .table(let table) = $0 { table } else { nil } }
        }
        var problems: [CourseProblem] = []
        let constructs = CourseLoader.loadConstructs(tables, file: "exercise.toml", problems: &problems)
        return (constructs, problems.map(\.message))
    }

    @Test("`kind` takes one kind or a list, `inside` a place; the verdict's name defaults to the kind's")
    func loading() throws {
        let (constructs, problems) = try Self.load(
            """
            [[construct]]
            id = "polling"
            kind = ["sleep", "yield"]
            inside = "loop"
            why = "w"
            instead = "i"

            [[construct]]
            id = "unstructured"
            kind = "unstructured-task"
            why = "w"
            instead = "i"
            """)
        #expect(problems.isEmpty)
        #expect(constructs.map(\.matchers) == [[.kind(.sleep, inside: .loop), .kind(.yield, inside: .loop)], [.kind(.unstructuredTask, inside: nil)]])
        #expect(constructs.map(\.name) == ["sleep", "Task { }"])
        #expect(constructs.allSatisfy { $0.needsCompilerView })
    }

    @Test(
        "A wrong kind or place is a clear problem",
        arguments: [
            (
                #"kind = "sleeps""#,
                #"unknown kind "sleeps"; the kinds are "sleep", "yield", "unstructured-task", "detached-task", "idle-task"; did you mean "sleep"?"#
            ),
            (#"kind = "sleep"\#ninside = "loops""#, #"unknown place "loops"; the places are "loop""#),
            (#"references = ["_Concurrency.Task.sleep"]\#ninside = "loop""#, "only applies with `kind`: say which kind must not be there"),
            ("kind = []", #"name at least one kind: "sleep", "yield", "unstructured-task", "detached-task", "idle-task""#),
            ("kind = 3", "expected an array of strings, found integer"),
        ])
    func problems(keys: String, message: String) throws {
        let (_, problems) = try Self.load("[[construct]]\nid = \"x\"\n\(keys)\nwhy = \"w\"\ninstead = \"i\"\n")
        #expect(problems.contains(message), "\(problems)")
    }
}
