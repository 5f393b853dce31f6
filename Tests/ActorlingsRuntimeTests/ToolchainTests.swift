import ActorlingsCore
import ActorlingsRuntime
import Foundation
import Testing

@Suite("Finding the toolchain")
struct ToolchainTests {
    /// A fake `swiftc` that prints `banner` for `--version`.
    private func fakeCompiler(_ banner: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("swiftc").path
        try "#!/bin/sh\necho '\(banner)'\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test("A toolchain older than the course needs is refused, naming both versions")
    func tooOld() async throws {
        let swiftc = try fakeCompiler("Swift version 5.10 (swift-5.10-RELEASE)")
        await #expect {
            try await Toolchain.locate(environment: ["ACTORLINGS_SWIFTC": swiftc, "PATH": "/usr/bin:/bin"], minimum: ToolchainVersion([6, 2]))
        } throws: { error in
            "\(error)".contains("needs Swift 6.2 or newer") && "\(error)".contains("is Swift 5.10")
        }
    }

    /// Xcode's `/usr/bin/swiftc` is a shim and swiftly's a proxy: a program elsewhere that runs
    /// the real compiler. Everything found beside the `swiftc` on the PATH (the diagnostics list,
    /// Swift Testing) must come from the toolchain the compiler itself reports.
    @Test("A swiftc that forwards to the real compiler is seen through")
    func shim() async throws {
        let real = try #require(ExecutableSearch.find("swiftc", environment: ProcessInfo.processInfo.environment))
        let direct = try await Toolchain.locate(environment: ["ACTORLINGS_SWIFTC": real, "PATH": "/usr/bin:/bin"], minimum: ToolchainVersion([6, 2]))
        let shim = try fakeCompiler("unused")
        try "#!/bin/sh\nexec '\(real)' \"$@\"\n".write(toFile: shim, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shim)
        let forwarded = try await Toolchain.locate(environment: ["ACTORLINGS_SWIFTC": shim, "PATH": "/usr/bin:/bin"], minimum: ToolchainVersion([6, 2]))
        #expect(forwarded.usr != nil)
        #expect(forwarded.installation == direct.installation)
        #expect(forwarded.diagnosticStringsPath != nil, "the catalog check would be skipped behind a shim")
        #expect(forwarded.diagnosticStringsPath == direct.diagnosticStringsPath)
        #expect(forwarded.testingLinkFlags == direct.testingLinkFlags)
    }

    @Test("No swiftc on PATH is a clear error")
    func missing() async {
        await #expect {
            try await Toolchain.locate(environment: ["PATH": "/nonexistent"], minimum: ToolchainVersion([6, 2]))
        } throws: { error in
            "\(error)".contains("No Swift compiler (swiftc) was found on your PATH")
        }
    }

    @Test("A compiler that does not report a version is a clear error")
    func unrecognized() async throws {
        let swiftc = try fakeCompiler("hello")
        await #expect {
            try await Toolchain.locate(environment: ["ACTORLINGS_SWIFTC": swiftc], minimum: ToolchainVersion([6, 2]))
        } throws: { error in
            "\(error)".contains("did not report a Swift version")
        }
    }

    @Test("The installed toolchain is found and new enough")
    func installed() async throws {
        let toolchain = try await Toolchain.locate(environment: ProcessInfo.processInfo.environment, minimum: ToolchainVersion([6, 2]))
        #expect(toolchain.version >= ToolchainVersion([6, 2]))
    }
}

@Suite("Running swiftc without its driver")
struct DriverPlannerTests {
    private static func environment(driver: Bool) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["ACTORLINGS_SWIFT_DRIVER"] = driver ? "always" : nil
        return environment
    }

    private static func folder(_ files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-plan-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8) }
        return directory
    }

    private static func compile(_ module: String, in folder: String, files: [String]) -> [String] {
        [
            "-parse-as-library", "-swift-version", "6", "-diagnostic-style", "llvm", "-no-color-diagnostics", "-module-name", module,
            "-emit-module", "-emit-module-path", "\(folder)/\(module).swiftmodule", "-wmo", "-no-emit-module-separately-wmo", "-c",
        ] + files.map { "\(folder)/\($0)" } + ["-o", "\(folder)/\(module).o"]
    }

    @Test("A planned compile says exactly what the driver says, and a link runs")
    func sameAsDriver() async throws {
        let environment = Self.environment(driver: false)
        let swiftc = try #require(ExecutableSearch.find("swiftc", environment: environment))
        let broken = try Self.folder(["Broken.swift": "func f() -> Int { \"no\" }\n", "Other.swift": "let x = 1\n"])
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let arguments = Self.compile("Broken", in: broken, files: ["Broken.swift", "Other.swift"])
        let planned = try await DriverPlanner(swiftc: swiftc, environment: environment).run(arguments, timeLimit: .seconds(120))
        let driven = try await DriverPlanner(swiftc: swiftc, environment: Self.environment(driver: true)).run(arguments, timeLimit: .seconds(120))
        #expect(planned.output.contains("Broken.swift:1:"))
        #expect(planned.output == driven.output)
        #expect(planned.termination == driven.termination)
        #expect(planned.termination != .exited(0))

        // Two modules of the same shape (other folders, other names): one plan, both built and linked.
        let planner = DriverPlanner(swiftc: swiftc, environment: environment)
        for name in ["First", "Second"] {
            let folder = try Self.folder(["\(name).swift": "@main struct Main { static func main() { print(\"\(name) ran\") } }\n"])
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let compiled = try await planner.run(Self.compile(name, in: folder, files: ["\(name).swift"]), timeLimit: .seconds(120))
            #expect(compiled.termination == .exited(0), "\(compiled.output)")
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(name).swiftmodule"))
            let linked = try await planner.run(["\(folder)/\(name).o", "-o", "\(folder)/\(name)-program"], timeLimit: .seconds(120))
            #expect(linked.termination == .exited(0), "\(linked.output)")
            let ran = try await Subprocess.run(ProcessRequest(executable: "\(folder)/\(name)-program", environment: environment))
            #expect(ran.output == "\(name) ran\n")
        }
        #expect(await planner.plannedShapes == 2)
    }

    @Test("Objects with the same autolink sections link with one run of swift-autolink-extract")
    func autolinkReused() async throws {
        let environment = Self.environment(driver: false)
        let swiftc = try #require(ExecutableSearch.find("swiftc", environment: environment))
        let planner = DriverPlanner(swiftc: swiftc, environment: environment)
        var objects: [String] = []
        for name in ["First", "Second"] {
            let source = "import Foundation\n@main struct Main { static func main() { print(\"\\(\"\(name)\".count) \\(Date.distantPast < .now)\") } }\n"
            let folder = try Self.folder(["\(name).swift": source])
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let compiled = try await planner.run(Self.compile(name, in: folder, files: ["\(name).swift"]), timeLimit: .seconds(120))
            #expect(compiled.termination == .exited(0), "\(compiled.output)")
            let linked = try await planner.run(["\(folder)/\(name).o", "-o", "\(folder)/\(name)-program"], timeLimit: .seconds(120))
            #expect(linked.termination == .exited(0), "\(linked.output)")
            let ran = try await Subprocess.run(ProcessRequest(executable: "\(folder)/\(name)-program", environment: environment))
            #expect(ran.output == "\(name.count) true\n")
            let copy = folder + ".o"
            try FileManager.default.copyItem(atPath: "\(folder)/\(name).o", toPath: copy)
            objects.append(copy)
        }
        defer { for object in objects { try? FileManager.default.removeItem(atPath: object) } }
        #if os(Linux)
            // The second link reused the first one's answer…
            #expect(await planner.autolinkRuns == (ran: 1, reused: 1))
            // …which is sound because the tool's answer depends only on those sections: equal
            // sections (read by this process) give the tool's equal output.
            let sections = try objects.map { object in
                try #require(ELFSections.contents(named: ".swift1_autolink_entries", in: Array(try Data(contentsOf: URL(fileURLWithPath: object)))))
            }
            #expect(sections[0] == sections[1])
            #expect(String(decoding: sections[0], as: UTF8.self).contains("-lFoundation"))
            let tool = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-autolink-extract").path
            var answers: [Data] = []
            for object in objects {
                let output = object + ".autolink"
                defer { try? FileManager.default.removeItem(atPath: output) }
                let result = try await Subprocess.run(ProcessRequest(executable: tool, arguments: [object, "-o", output], environment: environment))
                #expect(result.termination == .exited(0), "\(result.output)")
                answers.append(try Data(contentsOf: URL(fileURLWithPath: output)))
            }
            #expect(answers[0] == answers[1])
        #endif
    }

    @Test("Several files' AST is dumped by one frontend and reads as the driver's dump does")
    func batchDump() async throws {
        let environment = Self.environment(driver: false)
        let swiftc = try #require(ExecutableSearch.find("swiftc", environment: environment))
        let folder = try Self.folder([
            "A.swift": "import Foundation\nstruct Box { var items: [Int] = [] }\nfunc total(_ box: Box) -> Int { box.items.reduce(0, +) }\n",
            "B.swift": "import Foundation\nfunc stamp() -> Date { Date.now }\nlet box = Box(items: [1, 2])\n",
            "C.swift": "enum Kind: Error { case bad }\nfunc check() throws { if total(box) > 2 { throw Kind.bad } }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments =
            ["-parse-as-library", "-swift-version", "6", "-module-name", "Dumped", "-dump-ast", "-j1"] + ["A", "B", "C"].map { "\(folder)/\($0).swift" }
        let planner = DriverPlanner(swiftc: swiftc, environment: environment)
        let planned = try await planner.dumpAST(arguments, sources: 3, scratch: folder, timeLimit: .seconds(120), outputLimit: 1 << 24)
        let driven = try await DriverPlanner(swiftc: swiftc, environment: Self.environment(driver: true)).dumpAST(
            arguments, sources: 3, scratch: folder, timeLimit: .seconds(120), outputLimit: 1 << 24)
        #expect(planned.termination == .exited(0), "\(planned.output.suffix(500))")
        #expect(driven.termination == .exited(0))
        let plannedView = CompilerView(astDump: planned.output, moduleName: "Dumped")
        let drivenView = CompilerView(astDump: driven.output, moduleName: "Dumped")
        #expect(plannedView.references.contains { $0.name.contains("Date.now") })
        #expect(Set(plannedView.references.map { "\($0.name) \($0.location)" }) == Set(drivenView.references.map { "\($0.name) \($0.location)" }))
        #expect(plannedView.imports == drivenView.imports)
        #expect(Set(plannedView.topLevelDeclarations.map(\.name)) == Set(drivenView.topLevelDeclarations.map(\.name)))
        // One frontend instead of three, and no dump file left behind.
        #expect(await planner.plannedShapes == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["A.swift", "B.swift", "C.swift"])
        // Past the output limit the dump is cut and says so.
        let cut = try await planner.dumpAST(arguments, sources: 3, scratch: folder, timeLimit: .seconds(120), outputLimit: 1000)
        #expect(cut.droppedBytes > 0)
    }
}
