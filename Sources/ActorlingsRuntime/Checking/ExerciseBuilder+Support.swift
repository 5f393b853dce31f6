import ActorlingsCore
import Foundation

/// A support module as the builder gets it: its name and the absolute paths of its files.
public struct SupportModuleSources: Sendable, Equatable {
    public var name: String
    public var files: [String]

    public init(name: String, files: [String]) {
        self.name = name
        self.files = files
    }
}

extension ExerciseBuilder {
    /// The compiled support modules of one build: the flags that let the tests import them and the
    /// objects to link.
    struct CompiledSupport: Sendable {
        var importFlags: [String] = []
        var objects: [String] = []
        /// Cached support objects that did not match their digest and were compiled again.
        var tampered: [TamperedObject] = []
    }

    /// The environment variable that tells the `InterleavingHarness` module which schedule to replay.
    static let replayVariable = "ACTORLINGS_REPLAY_SEED"

    /// Compiles the request's support modules (course code, such as the `InterleavingHarness` module),
    /// each once per toolchain, sanitizer and content, into a folder named by their hash next to
    /// the build folders (or in the shared test cache), and only once at a time in this process.
    /// A module's folder is published whole, by renaming it, so a killed compile never leaves a
    /// module that looks compiled.
    func compiledSupport(_ request: BuildRequest) async throws -> Swift.Result<CompiledSupport, SupportFailure> {
        var compiled = CompiledSupport()
        for module in request.supportModules {
            // Unoptimised: a schedule's cost is the runtime's hops, not the harness's code, and
            // `-O` costs a second more on the first check (1.4 s against 0.45 s).
            let flags =
                [
                    "-parse-as-library", "-swift-version", "6", "-diagnostic-style", "llvm", "-no-color-diagnostics",
                    "-module-name", module.name,
                ]
                + toolchain.testingCompileFlags + (request.settings.sanitizer == .thread ? ["-sanitize=thread"] : [])
                + Platform.deploymentFlags(request.macOSTarget)
            var key = Array((flags + [toolchain.version.description]).joined(separator: "\u{0}").utf8)
            for file in module.files {
                key += Array(URL(fileURLWithPath: file).lastPathComponent.utf8) + [0]
                key += Array((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
            }
            let parent = request.testObjectCache ?? URL(fileURLWithPath: request.buildDirectory).deletingLastPathComponent().path
            let folder = "\(parent)/support-\(module.name)-\(SHA1.hexDigest(SHA1.hash(key)).prefix(16))"
            let object = "\(folder)/\(module.name).o"
            let builder = self
            let result = try await entryCompiles.once(folder) {
                // Trusted as the tests' objects are: recorded by this process, or left by an earlier
                // one with a digest file that matches; anything else is compiled again.
                var tampered: [TamperedObject] = []
                if builder.objects.isRecorded(object) { return CompiledObject(result: .built(folder)) }
                if FileManager.default.fileExists(atPath: folder) {
                    switch builder.objects.adopt(object) {
                    case .adopted: return CompiledObject(result: .built(folder))
                    case .noDigest: tampered.append(TamperedObject(path: object, evidence: .noDigest))
                    case .mismatch: tampered.append(TamperedObject(path: object, evidence: .digestMismatch))
                    }
                    FolderRemoval.removeTree(folder)
                }
                let partial = "\(request.buildDirectory)/support-\(module.name).partial"
                try? FileManager.default.removeItem(atPath: partial)
                try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
                let compile = try await builder.swiftc(
                    flags + [
                        "-emit-module", "-emit-module-path", "\(partial)/\(module.name).swiftmodule", "-wmo", "-c",
                        "-no-emit-module-separately-wmo",
                    ] + module.files + ["-o", "\(partial)/\(module.name).o"])
                if let failure = builder.compileFailure(compile) {
                    // Course code, compiled before anything of the learner's: its failure is the course's.
                    let reason = NotChecked(.course, "the course support module \(module.name) does not compile: \(OutcomeWords.detail(failure))")
                    return CompiledObject(result: .failed(.notChecked(reason)), tampered: tampered)
                }
                let name = "\(module.name).o"
                guard let digest = ObjectLedger.digest(ofFile: "\(partial)/\(name)") else {
                    throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: "\(partial)/\(name)"])
                }
                try AtomicFile.write(ObjectLedger.digestFileText(digest, name: name), to: "\(partial)/\(name)\(ObjectLedger.digestFileSuffix)")
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                // Another check may have published the same module meanwhile: its copy stays,
                // trusted only if it matches its own digest file.
                if rename(partial, folder) == 0 {
                    builder.objects.record(digest, for: object)
                } else {
                    FolderRemoval.removeTree(partial)
                    guard builder.objects.adopt(object) == .adopted else {
                        return CompiledObject(
                            result: .failed(
                                .notChecked(NotChecked(.grader, "the course support module \(module.name) was replaced while it compiled; check again"))),
                            tampered: tampered + [TamperedObject(path: object, evidence: .digestMismatch)])
                    }
                }
                return CompiledObject(result: .built(folder), tampered: tampered)
            }
            compiled.tampered += result.tampered
            switch result.result {
            case .built(let folder):
                compiled.importFlags += ["-I", folder]
                compiled.objects.append("\(folder)/\(module.name).o")
            case .failed(let outcome):
                return .failure(SupportFailure(outcome: outcome))
            }
        }
        return .success(compiled)
    }

    /// A support module that did not compile: the course's fault, reported as the outcome it gave.
    struct SupportFailure: Error {
        var outcome: Outcome
    }
}
