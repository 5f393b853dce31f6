import ActorlingsCore
import Foundation

/// Compiles one lesson code block on its own and returns the compiler's diagnostics.
///
/// Goes as far as SIL (`-emit-sil`): region-isolation errors come from SIL passes and a
/// type-check alone would miss them, but no object code is needed.
struct LessonCodeCompiler: Sendable {
    let builder: ExerciseBuilder
    let directory: String

    func diagnostics(for block: LessonBlock) async throws -> [Diagnostic] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let name = block.lesson.split(separator: "/").last.map { $0.replacingOccurrences(of: ".md", with: "") } ?? "lesson"
        let file = "\(directory)/\(name)-line\(block.line).swift"
        try block.code.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: builder.toolchain.swiftc,
                arguments: [
                    "-parse-as-library", "-diagnostic-style", "llvm", "-Xfrontend", "-debug-diagnostic-names",
                    "-no-color-diagnostics", "-module-name", "LessonCode", "-emit-sil", "-o", "/dev/null",
                ]
                    + block.settings.compilerFlags + block.extraFlags + builder.toolchain.testingCompileFlags + [file],
                environment: builder.environment, timeLimit: builder.compileTimeLimit))
        if case .timedOut = result.termination {
            return [Diagnostic(severity: .error, message: "the compiler did not finish within \(seconds(builder.compileTimeLimit))")]
        }
        return DiagnosticParser.parse(result.output)
    }

    /// Builds the block as a program and runs it: what it printed, or why it could not be run.
    /// The course's own code, so it runs unsandboxed, for at most ten seconds.
    func run(_ block: LessonBlock) async throws -> String {
        let name = block.lesson.split(separator: "/").last.map { $0.replacingOccurrences(of: ".md", with: "") } ?? "lesson"
        let file = "\(directory)/\(name)-line\(block.line).swift"
        let program = "\(directory)/\(name)-line\(block.line)"
        let build = try await Subprocess.run(
            ProcessRequest(
                executable: builder.toolchain.swiftc,
                arguments: ["-parse-as-library", "-diagnostic-style", "llvm", "-no-color-diagnostics", "-module-name", "LessonCode", "-o", program]
                    + block.settings.compilerFlags + block.extraFlags + [file],
                environment: builder.environment, timeLimit: builder.compileTimeLimit))
        guard case .exited(0) = build.termination else { return "(the program did not build)\n" + build.output }
        let result = try await Subprocess.run(
            ProcessRequest(executable: program, environment: builder.environment, timeLimit: .seconds(10)))
        if case .timedOut = result.termination { return result.output + "\n(did not finish within 10 s)" }
        return result.output
    }
}
