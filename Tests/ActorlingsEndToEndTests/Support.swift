import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation

/// Runs the real binary and returns its exit status and output (``TestProcess/actorlings(_:in:environment:standardInput:asUser:)``).
///
/// `stdin` is the path of a file to read standard input from (`/dev/null` without one). With
/// `asUser`, the binary runs as that user (through `setpriv`; the caller must be root).
func runActorlings(
    _ arguments: [String], in directory: String, environment extra: [String: String] = [:], stdin: String? = nil, asUser: UInt32? = nil
) async throws -> (
    status: Int32, output: String, errors: String
) {
    let run = try await TestProcess.actorlings(
        arguments, in: directory, environment: extra, standardInput: stdin.map { .file($0) } ?? .empty, asUser: asUser)
    return (run.status, run.output, run.errors)
}

/// Runs a program in `directory` and returns its exit status and output.
func runProgram(_ executable: String, _ arguments: [String], in directory: String) async throws -> (status: Int32, output: String, errors: String) {
    let run = try await TestProcess.run(executable, arguments, in: directory)
    return (run.status, run.output, run.errors)
}

/// Runs git in `directory` with a throwaway identity, for test set-up: as before, a failing step
/// is not an error here (a later expectation says what went wrong).
func git(_ arguments: [String], in directory: String) async throws {
    try await TestProcess.git(arguments, in: directory)
}

/// Makes `directory` a git repository whose first commit holds everything in it: the shipped state.
func commitAsShipped(_ directory: String) async throws {
    try await git(["init", "-q"], in: directory)
    try await git(["add", "-A"], in: directory)
    try await git(["commit", "-qm", "shipped"], in: directory)
}

/// Runs blocking set-up work (large copies) on a thread of its own, so it never holds one of
/// the cooperative pool's few threads while other tests wait for theirs.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
