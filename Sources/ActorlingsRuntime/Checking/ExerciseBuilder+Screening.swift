import ActorlingsCore
import Foundation

/// What runs before the tests: the compiler's view of the learner's files and of the tests
/// (forbidden constructs, the tests' references), and the Swift 6 errors a lenient build hides.
extension ExerciseBuilder {
    /// Forbidden constructs in the compiler's view of the learner's files (`swiftc -dump-ast`).
    func screen(_ request: BuildRequest, common: [String]) async throws -> [ForbiddenFinding]? {
        guard let screen = request.screen, screen.finder.needsCompilerView else { return nil }
        // Code this process already found clean — the same files, as the compiler reads them,
        // with the same settings and constructs — is clean again: most of a class has the shipped
        // code in the exercises it has not reached, and many answers are alike.
        var key = ([toolchain.version.description, request.moduleName] + common + screen.finder.constructs.map(\.id)).joined(separator: "\u{0}")
        for source in request.sources {
            guard let text = try? String(contentsOfFile: source, encoding: .utf8) else {
                key = ""
                break
            }
            key += "\u{0}\u{0}" + URL(fileURLWithPath: source).lastPathComponent + "\u{0}" + SwiftTokenizer.normalizedCode(in: text)
        }
        if !key.isEmpty, await cleanScreens.contains(key) { return [] }
        let (view, termination) = try await compilerView(
            of: request.sources, moduleName: request.moduleName, flags: common, scratch: request.buildDirectory)
        let findings = screen.finder.findings(in: screen.sources, view: view)
        // Only a clean result is kept: findings carry line numbers, which comments move.
        if findings.isEmpty, !key.isEmpty, case .exited(0) = termination { await cleanScreens.insert(key) }
        return screen.kept(findings)
    }

    /// What the compiler understood of `files`, compiled as module `moduleName` with `flags`
    /// (`swiftc -dump-ast`), and how the compiler ended; with what they use of module `imported`.
    func compilerView(of files: [String], moduleName: String, flags: [String], scratch: String, usesOf imported: String? = nil)
        async throws -> (CompilerView, ProcessResult.Termination)
    {
        // `-j1`: with several files the dump goes to standard error, one frontend job after
        // another — or, planned, one frontend for all of them (the planner's `dumpAST`).
        let result = try await planner.dumpAST(
            flags + ["-module-name", moduleName, "-dump-ast", "-j1"] + files, sources: files.count,
            scratch: scratch, timeLimit: compileTimeLimit, outputLimit: Self.astDumpLimit)
        guard result.droppedBytes == 0 else {
            throw ExerciseBuildError.astTooLarge(limit: Self.astDumpLimit)
        }
        return (CompilerView(astDump: result.output, moduleName: moduleName, usesOf: imported), result.termination)
    }

    /// What is wrong in the compiler's view of the tests (`swiftc -dump-ast` of the test module
    /// against the learner's), from one dump:
    /// - forbidden constructs in a learner's tests (`testsScreen`): without it a learner's test
    ///   could use the file system to tell the first implementation it runs against from the
    ///   mutants that follow;
    /// - uses of the learner's module that the tests do not make of the reference solution's
    ///   (`testReferences`): without it an `extension Int { static func == … }` would decide
    ///   every `#expect(a == b)`.
    func screenTests(_ request: BuildRequest, common: [String]) async throws -> [ForbiddenFinding] {
        let references = request.testReferences
        guard request.testsScreen != nil || references != nil else { return [] }
        let key = references == nil ? nil : cleanReferencesKey(request, common: common)
        if request.testsScreen == nil, let key, await cleanReferences.contains(key) { return [] }
        var (view, termination) = try await testsView(request, common: common)
        var findings: [ForbiddenFinding] = []
        if let screen = request.testsScreen {
            // Tests import Swift Testing by nature; every other import counts as in the module.
            view.imports.removeAll { $0.module == "Testing" }
            findings += screen.kept(screen.finder.findings(in: screen.sources, view: view))
        }
        if let references {
            let unexpected = TestReferences.findings(
                view.uses, expected: references.expected, tests: references.tests, learnerFiles: references.learnerFiles)
            if unexpected.isEmpty, let key, case .exited(0) = termination { await cleanReferences.insert(key) }
            findings += unexpected
        }
        return findings
    }

    /// The compiler's view of the tests compiled against the module in the build directory, with
    /// what they use of it.
    func testsView(_ request: BuildRequest, common: [String]) async throws -> (CompilerView, ProcessResult.Termination) {
        try await compilerView(
            of: request.tests, moduleName: request.testModuleName,
            flags: common + toolchain.testingCompileFlags + ["-I", request.buildDirectory], scratch: request.buildDirectory,
            usesOf: request.moduleName)
    }

    /// The dump of an 80-line exercise is about 400 kB; far past that is not an exercise.
    static let astDumpLimit = 64 << 20

    /// The errors of the learner's module in Swift 6 mode (to SIL: region errors included).
    func swift6Errors(_ request: BuildRequest) async throws -> [Diagnostic] {
        var settings = request.settings
        settings.languageMode = .swift6
        settings.strictConcurrency = nil
        settings.sanitizer = nil
        let result = try await swiftc(
            ["-parse-as-library", "-diagnostic-style", "llvm", "-Xfrontend", "-debug-diagnostic-names", "-no-color-diagnostics"]
                + settings.compilerFlags + Platform.deploymentFlags(request.macOSTarget)
                + ["-module-name", request.moduleName, "-emit-sil", "-o", "/dev/null"] + request.sources)
        return DiagnosticParser.problems(in: result.output).filter { $0.severity == .error }.map { diagnostic in
            var marked = diagnostic
            marked.swift6Check = true
            return marked
        }
    }
}
