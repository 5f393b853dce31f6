public import ActorlingsCore
import Foundation

/// What to compile and run for one check: the exercise module, its tests, their settings.
public struct BuildRequest: Sendable {
    public var moduleName: String
    public var sources: [String]
    public var tests: [String]
    public var settings: CompilerSettings
    /// Where objects, the module, the test binary and its event stream go. Reused between checks
    /// of the same exercise so that the compiled tests can be cached.
    public var buildDirectory: String
    public var timeLimit: Duration
    /// A folder of compiled test objects shared between build directories (e.g. between the
    /// students of a class): objects are named by the same key as in `buildDirectory`, which
    /// hashes the learner's module interface, the test sources, the flags and the toolchain.
    public var testObjectCache: String?

    public init(
        moduleName: String, sources: [String], tests: [String], settings: CompilerSettings, buildDirectory: String, timeLimit: Duration,
        testObjectCache: String? = nil
    ) {
        self.moduleName = moduleName
        self.sources = sources
        self.tests = tests
        self.settings = settings
        self.buildDirectory = buildDirectory
        self.timeLimit = timeLimit
        self.testObjectCache = testObjectCache
    }

    var testModuleName: String { moduleName + "Tests" }
}

/// Compiles an exercise and its Swift Testing tests with `swiftc` directly and runs them.
///
/// Why not SwiftPM: it costs 0.35–0.4 s per command even with nothing to do, and one broken
/// exercise breaks `swift test` for all (see Documentation/Architecture.md). Here each exercise
/// is two modules — the learner's, and its tests with a generated `@main` that calls Swift
/// Testing's entry point — and the test object is reused as long as the learner's module
/// interface is unchanged, so a body edit costs one small compile, a link and the run.
public struct ExerciseBuilder: Sendable {
    public let toolchain: Toolchain
    public let environment: [String: String]
    /// A compile that takes longer than this is stuck (type-checker blow-up), not slow.
    public var compileTimeLimit: Duration = .seconds(180)

    public init(toolchain: Toolchain, environment: [String: String]) {
        self.toolchain = toolchain
        self.environment = environment
    }

    public func build(_ request: BuildRequest) async throws -> Outcome {
        let directory = request.buildDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let common =
            [
                "-parse-as-library", "-diagnostic-style", "llvm", "-Xfrontend", "-debug-diagnostic-names",
                "-gline-tables-only", "-no-color-diagnostics",
            ]
            + request.settings.compilerFlags
        let moduleObject = "\(directory)/\(request.moduleName).o"

        // 1. The learner's module.
        let compile = try await swiftc(
            common + [
                "-module-name", request.moduleName, "-emit-module", "-emit-module-path",
                "\(directory)/\(request.moduleName).swiftmodule", "-wmo", "-enable-testing", "-c",
            ]
                + request.sources + ["-o", moduleObject])
        if request.settings.alsoCheckSwift6 {
            // A migration exercise: what Swift 6 mode says of the same files, next to Swift 5's warnings.
            let swift6 = try await swift6Errors(request)
            switch compileFailure(compile) {
            case .compileFailed(let diagnostics)?: return .compileFailed(diagnostics + swift6)
            case let failure?: return failure
            case nil where !swift6.isEmpty: return .compileFailed(swift6)
            case nil: break
            }
        }
        if let failure = compileFailure(compile) { return failure }

        // 2. The tests, unless an identical interface was already compiled against.
        let testObject = try await testsObject(request, common: common)
        switch testObject {
        case .failed(let outcome): return outcome
        case .built(let path):
            // 3. Link.
            let binary = "\(directory)/\(request.moduleName)-tests"
            let link = try await swiftc(
                [moduleObject, path, "-o", binary] + toolchain.testingLinkFlags
                    + (request.settings.sanitizer == .thread ? ["-sanitize=thread"] : []))
            if let failure = compileFailure(link) { return failure }
            // 4. Run.
            return try await runTests(binary: binary, request: request)
        }
    }

    private enum TestObject { case built(String), failed(Outcome) }

    private func testsObject(_ request: BuildRequest, common: [String]) async throws -> TestObject {
        let directory = request.buildDirectory
        let entryPoint = "\(directory)/ActorlingsTestEntryPoint.swift"
        var key: [UInt8] = []
        key += Array((try? Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(request.moduleName).swiftmodule"))) ?? Data())
        for test in request.tests {
            key += Array(test.utf8) + [0]
            key += Array((try? Data(contentsOf: URL(fileURLWithPath: test))) ?? Data())
        }
        key += Array((common + toolchain.testingCompileFlags + [toolchain.version.description]).joined(separator: "\u{0}").utf8)
        let name = "tests-\(SHA1.hexDigest(SHA1.hash(key)).prefix(16)).o"
        let object = "\(request.testObjectCache ?? directory)/\(name)"
        if FileManager.default.fileExists(atPath: object) { return .built(object) }

        if let cache = request.testObjectCache {
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        } else {
            for stale in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            where stale.hasPrefix("tests-") && stale.hasSuffix(".o") {
                try? FileManager.default.removeItem(atPath: "\(directory)/\(stale)")
            }
        }
        try Self.entryPointSource.write(toFile: entryPoint, atomically: true, encoding: .utf8)
        // Compiled in the build directory, so builds sharing a cache never write the same file.
        let partial = "\(directory)/\(name).partial"
        let compile = try await swiftc(
            common + toolchain.testingCompileFlags + ["-module-name", request.testModuleName, "-wmo", "-I", directory, "-c"]
                + request.tests + [entryPoint, "-o", partial])
        if let failure = compileFailure(compile) { return .failed(failure) }
        // Renamed only once complete, so a killed compile never leaves an object that looks cached.
        guard rename(partial, object) == 0 else {
            // A cache on another file system: keep the object in the build directory instead.
            let local = "\(directory)/\(name)"
            guard request.testObjectCache != nil, rename(partial, local) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: object])
            }
            return .built(local)
        }
        return .built(object)
    }

    /// The errors of the learner's module in Swift 6 mode (to SIL: region errors included).
    private func swift6Errors(_ request: BuildRequest) async throws -> [Diagnostic] {
        var settings = request.settings
        settings.languageMode = .swift6
        settings.strictConcurrency = nil
        settings.sanitizer = nil
        let result = try await swiftc(
            ["-parse-as-library", "-diagnostic-style", "llvm", "-Xfrontend", "-debug-diagnostic-names", "-no-color-diagnostics"]
                + settings.compilerFlags + ["-module-name", request.moduleName, "-emit-sil", "-o", "/dev/null"] + request.sources)
        return DiagnosticParser.problems(in: result.output).filter { $0.severity == .error }.map { diagnostic in
            var marked = diagnostic
            marked.swift6Check = true
            return marked
        }
    }

    static let entryPointSource = """
        // Generated by Actorlings: runs the @Test functions linked into this binary.
        import Testing

        @main struct ActorlingsTestEntryPoint {
            static func main() async {
                await Testing.__swiftPMEntryPoint() as Never
            }
        }

        """

    private func swiftc(_ arguments: [String]) async throws -> ProcessResult {
        try await Subprocess.run(
            ProcessRequest(
                executable: toolchain.swiftc, arguments: arguments, environment: environment,
                timeLimit: compileTimeLimit))
    }

    /// Any error or warning (or a compiler that died) fails the check.
    private func compileFailure(_ result: ProcessResult) -> Outcome? {
        let diagnostics = DiagnosticParser.problems(in: result.output)
        switch result.termination {
        case .exited(0) where diagnostics.isEmpty:
            return nil
        case .timedOut:
            return .timedOut(limit: compileTimeLimit, running: ["the compiler"], output: Self.lastLines(result.output))
        case .exited, .signaled:
            if diagnostics.isEmpty {
                return .compileFailed([
                    Diagnostic(
                        severity: .error,
                        message: "the compiler failed without a diagnostic: " + Self.lastLines(result.output, count: 5).joined(separator: " | "))
                ])
            }
            return .compileFailed(diagnostics)
        }
    }

    private func runTests(binary: String, request: BuildRequest) async throws -> Outcome {
        let events = "\(request.buildDirectory)/events.jsonl"
        try? FileManager.default.removeItem(atPath: events)
        var environment = environment
        // The backtracer spends seconds symbolicating a crash we only report in one line.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["NO_COLOR"] = "1"
        if request.settings.sanitizer == .thread {
            environment["TSAN_OPTIONS"] = "atexit_sleep_ms=0"
        }
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: binary,
                arguments: ["--event-stream-output-path", events, "--event-stream-version", "0"],
                environment: environment, workingDirectory: request.buildDirectory, timeLimit: request.timeLimit))
        let report = TestEventParser.parse((try? String(contentsOfFile: events, encoding: .utf8)) ?? "")
        let output = Self.lastLines(result.output)
        switch result.termination {
        case .timedOut:
            return .timedOut(limit: request.timeLimit, running: report.unfinished, output: output)
        case .signaled(let signal):
            return .crashed(signal: signal, exitCode: nil, output: output)
        case .exited(let code):
            if !report.failures.isEmpty { return .testsFailed(report) }
            if code == 66, result.output.contains("ThreadSanitizer") {
                // The tests passed, but Thread Sanitizer saw a race: show the race, not the summary.
                return .crashed(signal: nil, exitCode: code, output: Self.raceReport(result.output, sources: request.sources))
            }
            if code != 0 || report.results.isEmpty || !report.unfinished.isEmpty {
                return .crashed(signal: nil, exitCode: code, output: output)
            }
            return .passed(testCount: report.passedCount)
        }
    }

    /// The heart of Thread Sanitizer's first report: what raced, and the frames in the learner's
    /// files (path shortened to the file name), so the verdict points at the racing lines.
    static func raceReport(_ output: String, sources: [String]) -> [String] {
        let names = Set(sources.map { URL(fileURLWithPath: $0).lastPathComponent })
        var lines: [String] = []
        var reports = 0
        for line in output.split(whereSeparator: \.isNewline) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("WARNING: ThreadSanitizer") {
                reports += 1
                if reports > 1 { break }
                lines.append(text)
            } else if reports == 1,
                text.hasPrefix("Write of size") || text.hasPrefix("Read of size") || text.hasPrefix("Previous write") || text.hasPrefix("Previous read")
            {
                lines.append(text.split(separator: " by ").first.map { String($0) + ":" } ?? text)
            } else if reports == 1, text.hasPrefix("#"), let name = names.first(where: { text.contains("/\($0):") }) {
                // "#0 Tracker.track(_:) /path/Tracker.swift:21:9 (…)" → "  at Tracker.swift:21:9 in Tracker.track(_:)"
                let words = text.split(separator: " ")
                let location = words.first { $0.contains("/\(name):") }.map { $0.split(separator: "/").last.map(String.init) ?? String($0) } ?? name
                // Unsymbolicated frames carry mangled names ($s…): the location says enough.
                let function = words.dropFirst().prefix { !$0.contains("/") }.joined(separator: " ")
                    .split(separator: " ").filter { !$0.hasPrefix("$s") }.joined(separator: " ")
                lines.append("  at \(location)" + (function.isEmpty ? "" : " in \(function)"))
            }
        }
        return lines.isEmpty ? lastLines(output) : lines + ["(Thread Sanitizer: two tasks touched the same memory at once, and at least one wrote.)"]
    }

    /// The last lines of output, without stack-frame lines ("6  Module  0x00… <unavailable> + 93"):
    /// the runtime prints them after a crash and they would push the cause out of view.
    static func lastLines(_ output: String, count: Int = 12) -> [String] {
        output.split(whereSeparator: \.isNewline)
            .filter { !isStackFrame($0) }
            .suffix(count).map(String.init)
    }

    static func isStackFrame(_ line: Substring) -> Bool {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        return words.count >= 3 && Int(words[0]) != nil && words[2].hasPrefix("0x")
    }
}
