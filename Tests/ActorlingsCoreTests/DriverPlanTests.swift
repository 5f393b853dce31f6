import Testing

@testable import ActorlingsCore

@Suite("Driver plans")
struct DriverPlanTests {
    @Test(
        "Shell words are split as the driver quotes them",
        arguments: [
            ("a b  c", ["a", "b", "c"]),
            ("'/x/sp ace/T'\\''q.o' -o out", ["/x/sp ace/T'q.o", "-o", "out"]),
            ("\"a \\\"b\\\"\" c\\ d", ["a \"b\"", "c d"]),
            ("-DX='' end", ["-DX=", "end"]),
        ])
    func shellWords(line: String, words: [String]) {
        #expect(ShellWords.split(line) == words)
    }

    @Test("An unterminated quote is no command line", arguments: ["'abc", "\"abc", "abc\\"])
    func unterminated(line: String) {
        #expect(ShellWords.split(line) == nil)
    }

    @Test("Folders, file names and the module name become placeholders; extensions and flags stay")
    func shape() {
        let shape = DriverPlan.shape(of: [
            "-module-name", "TaskGroup", "-emit-module-path", "/build/a/TaskGroup.swiftmodule", "-c", "/course/x/ReadingList.swift",
            "/course/x/More.swift", "-I", "/build/a", "-Xlinker", "-rpath=/usr/lib", "-o", "/build/a/TaskGroup.o",
        ])
        #expect(
            shape.arguments == [
                "-module-name", "__actorlings_n0__", "-emit-module-path", "/__actorlings_0__/__actorlings_n0__.swiftmodule", "-c",
                "/__actorlings_1__/__actorlings_n1__.swift", "/__actorlings_1__/__actorlings_n2__.swift", "-I",
                "/__actorlings_2__/__actorlings_n3__", "-Xlinker", "-rpath=/usr/lib", "-o", "/__actorlings_0__/__actorlings_n0__.o",
            ])
        #expect(shape.folders == ["/build/a", "/course/x", "/build"])
        #expect(shape.names == ["TaskGroup", "ReadingList", "More", "a"])
        // Another exercise with the same settings and as many files has the same shape.
        let other = DriverPlan.shape(of: [
            "-module-name", "AsyncLet", "-emit-module-path", "/b/AsyncLet.swiftmodule", "-c", "/c/Dashboard.swift", "/c/Feed.swift",
            "-I", "/b", "-Xlinker", "-rpath=/usr/lib", "-o", "/b/AsyncLet.o",
        ])
        #expect(other.arguments.count == shape.arguments.count)
        #expect(other.arguments[3] == shape.arguments[3])
    }

    @Test("A plan read from -### output is filled in with each invocation's folders and names")
    func parseAndFill() throws {
        let planned = DriverPlan.shape(of: ["-module-name", "M", "/b/M.o", "/t/T.o", "-o", "/b/M-tests"])
        let output = """
            /opt/swift/usr/bin/swift-autolink-extract /__actorlings_0__/__actorlings_n0__.o /__actorlings_1__/__actorlings_n1__.o -o /plan/TemporaryDirectory.Ab12/__actorlings_n2__.autolink
            /opt/swift/usr/bin/clang -pie /__actorlings_0__/__actorlings_n0__.o @/plan/TemporaryDirectory.Ab12/__actorlings_n2__.autolink -o '/__actorlings_0__/__actorlings_n2__'

            """
        let plan = try #require(
            DriverPlan.parse(output, temporaryFolder: "/plan", temporaryFiles: ["map": "x: /plan/TemporaryDirectory.Ab12/y\n"]))
        #expect(plan.usesTemporaryFolder)
        let real = DriverPlan.shape(of: ["-module-name", "Cap", "/home/s 1/Cap.o", "/cache/tests-1.o", "-o", "/home/s 1/Cap-tests"])
        #expect(real.arguments == planned.arguments)
        let commands = plan.commands(for: real, temporaryFolder: "/tmp/run")
        #expect(
            commands == [
                [
                    "/opt/swift/usr/bin/swift-autolink-extract", "/home/s 1/Cap.o", "/cache/tests-1.o", "-o", "/tmp/run/Cap-tests.autolink",
                ],
                ["/opt/swift/usr/bin/clang", "-pie", "/home/s 1/Cap.o", "@/tmp/run/Cap-tests.autolink", "-o", "/home/s 1/Cap-tests"],
            ])
        #expect(plan.temporaryFiles(for: real, temporaryFolder: "/tmp/run") == ["map": "x: /tmp/run/y\n"])
    }

    @Test("Output that is not a list of commands by absolute path is no plan", arguments: ["", "error: unknown argument '-x'", "swift-frontend -c a.swift"])
    func notAPlan(output: String) {
        #expect(DriverPlan.parse(output, temporaryFolder: "/plan") == nil)
    }

    static let batchDump = [
        "/opt/swift/usr/bin/swift-frontend", "-frontend", "-dump-ast", "-primary-file", "/__actorlings_0__/a.swift", "-primary-file",
        "/__actorlings_0__/b.swift", "-supplementary-output-file-map", "/__actorlings_tmp__/map", "-module-name", "M", "-o", "-", "-o", "-",
    ]

    @Test("A batch dump of several files writes each file's dump to its own path, in order")
    func dumpingToFiles() throws {
        let plan = DriverPlan(commands: [Self.batchDump], temporaryFiles: ["map": "{}"])
        let redirected = try #require(plan.dumpingToFiles(["/build/dump-0.ast", "/build/dump-1.ast"]))
        #expect(redirected.commands == [Array(Self.batchDump.dropLast(4)) + ["-o", "/build/dump-0.ast", "-o", "/build/dump-1.ast"]])
        #expect(redirected.temporaryFiles == plan.temporaryFiles)
    }

    @Test(
        "Anything but one batch dump with one standard output per file is left to the driver",
        arguments: [
            ("two frontends", [batchDump, batchDump], 2),
            ("not a dump", [batchDump.map { $0 == "-dump-ast" ? "-c" : $0 }], 2),
            ("more files than paths", [batchDump], 1),
            ("an output to a file", [batchDump.dropLast() + ["/x.ast"]], 2),
            ("no paths", [batchDump], 0),
        ])
    func notABatchDump(_ case: String, commands: [[String]], paths: Int) {
        let plan = DriverPlan(commands: commands)
        #expect(plan.dumpingToFiles((0..<paths).map { "/build/dump-\($0).ast" }) == nil)
    }
}
