public import ActorlingsCore
import Foundation

extension BuildRequest {
    /// What the protected tests may use of the learner's module (``TestReferences``), and the
    /// files a finding names.
    public struct ReferenceCheck: Sendable {
        /// The names of what the tests use of the reference solution's module.
        public var expected: Set<String>
        /// The protected test files: `path` as compiled, `displayPath` as the learner reads it.
        public var tests: [ConstructFinder.Source]
        /// The learner's files, to name where a declaration the tests should not use is.
        public var learnerFiles: [ConstructFinder.Source]

        public init(expected: Set<String>, tests: [ConstructFinder.Source], learnerFiles: [ConstructFinder.Source]) {
            self.expected = expected
            self.tests = tests
            self.learnerFiles = learnerFiles
        }
    }
}

extension ExerciseBuilder {
    /// The flags every compile of one exercise shares: the learner's module, its tests, their dumps.
    static func commonFlags(_ request: BuildRequest) -> [String] {
        ["-parse-as-library", "-diagnostic-style", "llvm", "-Xfrontend", "-debug-diagnostic-names", "-no-color-diagnostics"]
            + debugInfoFlags(request.settings) + request.settings.compilerFlags + Platform.deploymentFlags(request.macOSTarget)
    }

    /// What the tests use of the module compiled from `request.sources` (the reference solution,
    /// for `dev generate` and `dev check`): the module's interface is emitted into the build
    /// directory (unless `moduleIsBuilt`: a check of the same files just compiled it there),
    /// then the tests are dumped against it. `nil` when either does not compile.
    public func testReferenceUses(_ request: BuildRequest, moduleIsBuilt: Bool = false) async throws -> [TestReference]? {
        let directory = request.buildDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let common = Self.commonFlags(request)
        if moduleIsBuilt {
            let (view, termination) = try await testsView(request, common: common)
            guard case .exited(0) = termination else { return nil }
            return view.uses
        }
        let module = try await planner.run(
            common + [
                "-module-name", request.moduleName, "-emit-module", "-emit-module-path", "\(directory)/\(request.moduleName).swiftmodule",
                "-wmo", "-enable-testing",
            ] + request.sources,
            timeLimit: compileTimeLimit, outputLimit: ProcessRequest.defaultOutputLimit)
        guard case .exited(0) = module.termination else { return nil }
        let (view, termination) = try await testsView(request, common: common)
        guard case .exited(0) = termination else { return nil }
        return view.uses
    }

    /// Everything the tests' meaning depends on: the module's files as the compiler reads them
    /// (the same text the learner's screen is remembered by), their names, the flags and the
    /// toolchain — exactly, no hash a submission could be made to collide with — and the tests and
    /// expected set, which are the course's (the tests are checked against the shipped blob ids
    /// before anything compiles), by digest. `nil` when a file cannot be read.
    func cleanReferencesKey(_ request: BuildRequest, common: [String]) -> String? {
        guard let references = request.testReferences else { return nil }
        var parts = [toolchain.version.description, request.moduleName] + common + toolchain.testingCompileFlags
        for source in request.sources {
            guard let text = try? String(contentsOfFile: source, encoding: .utf8) else { return nil }
            parts += [URL(fileURLWithPath: source).lastPathComponent, SwiftTokenizer.normalizedCode(in: text)]
        }
        var course: [UInt8] = []
        for test in references.tests { course += Array(test.path.utf8) + [0] + Array(test.text.utf8) + [0] }
        for name in references.expected.sorted() { course += Array(name.utf8) + [0] }
        parts.append(SHA1.hexDigest(SHA1.hash(course)))
        return parts.joined(separator: "\u{0}")
    }
}
