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

    /// Everything the tests' meaning depends on, exactly (no hash a submission could be made to
    /// collide with): the learner's module interface, the tests, the flags, the toolchain and
    /// the expected set. `nil` when the interface cannot be read.
    func cleanReferencesKey(_ request: BuildRequest, common: [String]) -> String? {
        guard let references = request.testReferences,
            let module = FileManager.default.contents(atPath: "\(request.buildDirectory)/\(request.moduleName).swiftmodule")
        else { return nil }
        var parts = [toolchain.version.description, request.moduleName, module.base64EncodedString()]
        parts += common + toolchain.testingCompileFlags
        for test in references.tests { parts += [test.path, test.text] }
        parts += references.expected.sorted()
        return parts.joined(separator: "\u{0}")
    }
}
