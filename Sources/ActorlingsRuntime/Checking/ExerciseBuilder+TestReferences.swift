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
        // The course modules the tests import (`support`) must be there before the tests are read.
        guard case .success(let support) = try await compiledSupport(request) else { return nil }
        let common = Self.commonFlags(request) + support.importFlags
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

    /// Everything the tests' meaning depends on: the learner's module interface, byte for byte
    /// (a body edit leaves it as it was, so watch mode compares again only when the interface
    /// changes — no hash a submission could be made to collide with), the flags and the toolchain;
    /// and the tests and expected set, which are the course's (the tests are checked against the
    /// shipped blob ids before anything compiles), by digest. `nil` when the interface cannot be read.
    func cleanReferencesKey(_ request: BuildRequest, common: [String]) -> Data? {
        guard let references = request.testReferences,
            var key = FileManager.default.contents(atPath: "\(request.buildDirectory)/\(request.moduleName).swiftmodule")
        else { return nil }
        key.append(0)
        key.append(contentsOf: ([toolchain.version.description, request.moduleName] + common + toolchain.testingCompileFlags).joined(separator: "\u{0}").utf8)
        var course: [UInt8] = []
        for test in references.tests { course += Array(test.path.utf8) + [0] + Array(test.text.utf8) + [0] }
        for name in references.expected.sorted() { course += Array(name.utf8) + [0] }
        key.append(0)
        key.append(contentsOf: SHA1.hexDigest(SHA1.hash(course)).utf8)
        return key
    }
}

/// Keys of comparisons that found nothing, at most `capacity` of them (the oldest go first): a key
/// holds a module interface, about 30 kB, and a class grade checks thousands.
actor CleanComparisons {
    private var keys: Set<Data> = []
    private var order: [Data] = []
    let capacity: Int

    init(capacity: Int = 128) {
        self.capacity = capacity
    }

    func contains(_ key: Data) -> Bool { keys.contains(key) }

    func insert(_ key: Data) {
        guard keys.insert(key).inserted else { return }
        order.append(key)
        if order.count > capacity { keys.remove(order.removeFirst()) }
    }
}
