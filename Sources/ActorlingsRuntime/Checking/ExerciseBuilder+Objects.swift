import ActorlingsCore
import Foundation

/// The compiled objects a test binary is linked from, and the cache they are kept in: each is
/// linked only while it is what a grader compiled (`ObjectLedger`).
extension ExerciseBuilder {
    enum TestObject: Sendable { case built(String), failed(Outcome) }

    /// A cached object compiled or found, and what was found in its place and not used.
    struct CompiledObject: Sendable {
        var result: TestObject
        var tampered: [TamperedObject] = []
    }

    /// The objects of one link besides the entry point, and how to compile the learner's again.
    struct LinkedObjects {
        var module: String
        var moduleArguments: [String]
        var tests: String
        /// Course support modules the tests import (`ExerciseBuilder+Support`).
        var support: [String] = []
    }

    /// Links the test binary once every object in it is what this process compiled or adopted
    /// (`ObjectLedger`, hashed just before): an object that changed is compiled again and
    /// reported, never linked. A test process of another check that may write files can still
    /// replace one between this comparison and the link; only the OS sandbox closes that.
    func linkTestBinary(
        _ request: BuildRequest, objects linked: LinkedObjects, common: [String], binary: String
    ) async throws -> (failure: Outcome?, tampered: [TamperedObject]) {
        var entryObject = try await entryPointObject(request)
        var tampered = entryObject.tampered
        var testsPath = linked.tests
        var compiledAgain = false
        while true {
            let entry: String
            switch entryObject.result {
            case .built(let path): entry = path
            case .failed(let failure): return (failure, tampered)
            }
            let changed = ([linked.module, testsPath, entry] + linked.support).filter { objects.check($0) != .intact }
            if changed.isEmpty {
                let link = try await swiftc(
                    [linked.module, testsPath, entry] + linked.support + ["-o", binary] + toolchain.testingLinkFlags
                        + Platform.deploymentFlags(request.macOSTarget)
                        + (request.settings.sanitizer == .thread ? ["-sanitize=thread"] : []))
                return (compileFailure(link, linking: true), tampered)
            }
            tampered += changed.map { TamperedObject(path: $0, evidence: .changedSinceRecorded) }
            // A course support module is compiled once per check, before this: a changed one
            // ends the check (compiled again on the next).
            if let support = changed.first(where: linked.support.contains) {
                let message = "the compiled course support module \(support) changed after it was compiled; check again"
                return (.notChecked(NotChecked(.grader, message)), tampered)
            }
            // Changed again right after it was compiled again: something keeps replacing objects.
            guard !compiledAgain else {
                let message =
                    "compiled objects changed again right after they were compiled again ("
                    + changed.joined(separator: ", ") + "); check what else writes to these folders, and grade alone (`--jobs 1`)"
                return (.notChecked(NotChecked(.grader, message)), tampered)
            }
            compiledAgain = true
            if changed.contains(linked.module) {
                let compile = try await swiftc(linked.moduleArguments)
                if let failure = compileFailure(compile) { return (failure, tampered) }
                try objects.recordCompiled(linked.module)
            }
            if changed.contains(testsPath) {
                let tests = try await testsObject(request, common: common, rebuild: true)
                tampered += tests.tampered
                switch tests.result {
                case .built(let path): testsPath = path
                case .failed(let failure): return (failure, tampered)
                }
            }
            if changed.contains(entry) {
                entryObject = try await entryPointObject(request, rebuild: true)
                tampered += entryObject.tampered
            }
        }
    }

    func testsObject(_ request: BuildRequest, common: [String], rebuild: Bool = false) async throws -> CompiledObject {
        let directory = request.buildDirectory
        var key: [UInt8] = []
        key += Array((try? Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(request.moduleName).swiftmodule"))) ?? Data())
        for test in request.tests {
            key += Array(test.utf8) + [0]
            key += Array((try? Data(contentsOf: URL(fileURLWithPath: test))) ?? Data())
        }
        key += Array((common + toolchain.testingCompileFlags + [toolchain.version.description]).joined(separator: "\u{0}").utf8)
        let name = "tests-\(SHA1.hexDigest(SHA1.hash(key)).prefix(16))"
        if request.testObjectCache == nil {
            // Other interfaces' objects are not linked again (`tests-….o` files are an older layout's).
            for stale in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where stale.hasPrefix("tests-") && stale != name {
                try? FileManager.default.removeItem(atPath: "\(directory)/\(stale)")
            }
        }
        return try await cachedObject(name, request, sharedFolder: request.testObjectCache, rebuild: rebuild) { output in
            try await swiftc(
                common + toolchain.testingCompileFlags + ["-module-name", request.testModuleName, "-wmo", "-I", directory, "-c"]
                    + request.tests + ["-o", output])
        }
    }

    /// The object file in a cached object's folder; its digest is next to it, in `sha256sum`'s format.
    static let objectFileName = "object.o"

    /// An object named by the hash of everything it is compiled from — the folder `name`, holding
    /// the object and its digest file — in `sharedFolder` when there is one (else the build
    /// directory), compiled by `compile` only when it is not there, or when what is there is not
    /// what a grader compiled: changed since this process recorded it (`rebuild`), or with no
    /// digest file, or one it does not match. Such an object is reported and replaced.
    func cachedObject(
        _ name: String, _ request: BuildRequest, sharedFolder: String?, rebuild: Bool,
        compile: (_ output: String) async throws -> ProcessResult
    ) async throws -> CompiledObject {
        let directory = request.buildDirectory
        let folder = "\(sharedFolder ?? directory)/\(name)"
        let object = "\(folder)/\(Self.objectFileName)"
        var tampered: [TamperedObject] = []
        if !rebuild {
            // Recorded by this process: compared again just before the link. From an earlier
            // process: believed only when it matches the digest its compiler wrote next to it.
            if objects.isRecorded(object) { return CompiledObject(result: .built(object)) }
            if FileManager.default.fileExists(atPath: folder) {
                switch objects.adopt(object) {
                case .adopted: return CompiledObject(result: .built(object))
                case .noDigest: tampered.append(TamperedObject(path: object, evidence: .noDigest))
                case .mismatch: tampered.append(TamperedObject(path: object, evidence: .digestMismatch))
                }
            }
        }
        // Compiled in the build directory, so builds sharing a cache never write the same file.
        let partial = "\(directory)/\(name).partial.o"
        if let failure = compileFailure(try await compile(partial)) { return CompiledObject(result: .failed(failure), tampered: tampered) }
        guard let digest = ObjectLedger.digest(ofFile: partial) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: partial])
        }
        let replacing = rebuild || !tampered.isEmpty
        if let published = try publish(partial, digest: digest, in: folder, replacing: replacing, tampered: &tampered) {
            return CompiledObject(result: .built(published), tampered: tampered)
        }
        // A cache on another file system: keep the object in the build directory instead.
        guard sharedFolder != nil,
            let local = try publish(partial, digest: digest, in: "\(directory)/\(name)", replacing: true, tampered: &tampered)
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: object]) }
        return CompiledObject(result: .built(local), tampered: tampered)
    }

    /// Moves the object compiled at `partial` into a new `folder` with its digest file, in one
    /// rename: no reader ever sees an object without its digest, or half of either, and a killed
    /// compile leaves nothing that looks cached. Records the digest of what `folder` then holds,
    /// and returns its object's path; nil when `folder` is on another file system than `partial`.
    ///
    /// Another check may have published the same object meanwhile, and may be linking it: unless
    /// `replacing`, that one stays when it matches its digest file.
    private func publish(
        _ partial: String, digest: SHA256.Digest, in folder: String, replacing: Bool, tampered: inout [TamperedObject]
    ) throws -> String? {
        let url = URL(fileURLWithPath: folder)
        let parent = url.deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let staging = "\(parent)/.\(url.lastPathComponent).\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        guard rename(partial, "\(staging)/\(Self.objectFileName)") == 0 else {
            if errno == EXDEV { return nil }
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial])
        }
        try AtomicFile.write(
            ObjectLedger.digestFileText(digest, name: Self.objectFileName), to: "\(staging)/\(Self.objectFileName)\(ObjectLedger.digestFileSuffix)")
        let object = "\(folder)/\(Self.objectFileName)"
        var replaced = false
        for _ in 0..<3 {
            if rename(staging, folder) == 0 {
                objects.record(digest, for: object)
                return object
            }
            guard errno == ENOTEMPTY || errno == EEXIST else { break }
            if !replaced, !replacing {
                switch objects.adopt(object) {
                case .adopted: return object
                case .noDigest: tampered.append(TamperedObject(path: object, evidence: .noDigest))
                case .mismatch: tampered.append(TamperedObject(path: object, evidence: .digestMismatch))
                }
            }
            // A folder is renamed only over an empty one.
            try? FileManager.default.removeItem(atPath: folder)
            replaced = true
        }
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder])
    }
}

/// Runs the work for a key once at a time: callers that come while it runs wait for its result.
actor OnceEach<Value: Sendable> {
    private var running: [String: Task<Value, any Error>] = [:]

    func once(_ key: String, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let task = running[key] { return try await task.value }
        let task = Task { try await work() }
        running[key] = task
        defer { running[key] = nil }
        return try await task.value
    }
}
