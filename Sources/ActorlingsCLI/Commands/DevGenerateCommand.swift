import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings dev generate`: rewrites the files derived from the course — the exercise
/// manifest, the list of shipped files, the diagnostic catalog and the test references.
struct DevGenerateCommand: CourseCommand {
    var name: String { "dev generate" }
    var needs: CommandNeeds { [.lock, .toolchain, .authoring, .freshShippedList] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        guard words.arguments.isEmpty else { throw UsageError("`dev generate` takes no arguments", command: "dev") }
        return DevGenerateCommand()
    }

    func run(in session: Session) async throws -> ExitCode {
        let (course, root) = (session.course, session.root)
        let manifest = ExercisesManifest.render(course)
        let shippedFiles = LocalCourseFiles(root: root).shippedFiles(of: course)
        try AtomicFile.write(manifest, to: "\(root)/\(ExercisesManifest.path)")
        try AtomicFile.write(shippedFiles.rendered(), to: "\(root)/\(ShippedFiles.path)")
        session.console.write(
            "Wrote \(ExercisesManifest.path) (\(course.exercises.count) exercises) and \(ShippedFiles.path) (\(shippedFiles.ids.count) files).\n")
        try await writeDiagnosticCatalog(session)
        return try await writeTestReferences(session)
    }

    /// Rewrites what each exercise's tests use of its reference solution's module: compiles every
    /// solution and dumps its tests against it, so it takes a while.
    private func writeTestReferences(_ session: Session) async throws -> ExitCode {
        let console = session.console
        let checker = try await session.makeChecker()
        let (references, failed) = try await checker.generateTestReferences(jobs: ProcessInfo.processInfo.activeProcessorCount)
        try AtomicFile.write(references.rendered(), to: "\(session.root)/\(TestReferences.path)")
        let count = references.sets.values.reduce(0) { $0 + $1.count }
        console.write("Wrote \(TestReferences.path) (\(references.sets.count) exercises, \(count) names).\n")
        guard failed.isEmpty else {
            console.write(
                "Not listed, so not compared: \(failed.joined(separator: ", ")) (the reference solution or its tests do not compile; "
                    + "`swift run actorlings dev check ID` says why).\n")
            return .failure
        }
        return .success
    }

    /// Rewrites the knowledge base's catalog from the toolchain's own list of diagnostics.
    private func writeDiagnosticCatalog(_ session: Session) async throws {
        let (console, root) = (session.console, session.root)
        let toolchain = try await session.locateToolchain()
        guard var catalog = try toolchain.diagnosticCatalog(), let source = toolchain.diagnosticStringsPath else {
            console.write("Kept \(DiagnosticCatalog.path): \(toolchain.swiftc) has no share/swift/diagnostics/en.strings next to it.\n")
            return
        }
        // en.strings has no kinds: those of the toolchain's definitions, where recorded, win.
        if let text = try? String(contentsOfFile: "\(root)/\(DiagnosticCatalog.severitiesPath)", encoding: .utf8) {
            catalog = catalog.withSeverities(try DiagnosticCatalog.parseSeverities(text))
        }
        let text = catalog.serialized(source: "Swift \(toolchain.version) \(URL(fileURLWithPath: source).lastPathComponent)")
        let file = URL(fileURLWithPath: "\(root)/\(DiagnosticCatalog.path)")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(text, to: file.path)
        let counted = catalog.entries.filter { $0.kind != .note && !$0.distributed }.count
        console.write(
            "Wrote \(DiagnosticCatalog.path) (\(catalog.entries.count) concurrency diagnostics, \(counted) errors and warnings outside distributed actors).\n")
    }
}
