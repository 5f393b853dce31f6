import ActorlingsRuntime
public import Foundation
import Synchronization

extension TestProcess {
    /// A child started without waiting for it, for a test that signals it while it runs. Its
    /// properties are named as `Foundation.Process` names them, so a test reads the same.
    ///
    /// When the child ends, ``Subprocess`` kills whatever it left in its session, as it does for a
    /// learner's program; the tool starts its own children in sessions of their own, so a test
    /// that looks for processes the tool left behind still finds them.
    public final class Background: Sendable {
        /// The child's pid: the program's own (the shell that starts it `exec`s it).
        public let processIdentifier: pid_t
        private let ending: Ending
        private let task: Task<Void, Never>

        fileprivate init(pid: pid_t, ending: Ending, task: Task<Void, Never>) {
            (self.processIdentifier, self.ending, self.task) = (pid, ending, task)
        }

        /// Whether the child has not been reaped yet.
        public var isRunning: Bool { ending.result.withLock { $0 == nil } }

        /// How the child ended; `nil` while it runs.
        public func run() throws -> Run? {
            try ending.result.withLock { try $0?.get() }
        }

        /// ``Run/status`` once the child has ended; -1 while it runs, or when it could not be waited for.
        public var terminationStatus: Int32 { ((try? run()) ?? nil)?.status ?? -1 }

        /// Sends `signal` to the child alone (not to its session).
        public func send(_ signal: Int32) {
            _ = kill(processIdentifier, signal)
        }

        /// Waits up to `limit` for the child to end; how it ended, or `nil` when it still runs.
        public func wait(atMost limit: Duration) async throws -> Run? {
            let clock = ContinuousClock()
            let end = clock.now + limit
            while isRunning, clock.now < end {
                try await Task.sleep(for: .milliseconds(20))
            }
            return try run()
        }

        /// Kills the child's whole session (as a cancelled ``Subprocess/run(_:)`` does).
        public func stop() { task.cancel() }
    }

    /// Starts `executable` (an absolute path) and returns once it runs, with its pid.
    ///
    /// ``Subprocess`` hands back nothing before the child ends, so the child is started by a shell
    /// that writes its own pid to a file and then `exec`s the program: same pid, same arguments,
    /// same environment. Standard output and standard error are kept apart, as ``run`` keeps them.
    public static func start(
        _ executable: String, _ arguments: [String] = [], in directory: String? = nil, environment: [String: String] = [:]
    ) async throws -> Background {
        // The shell would report a missing program only after it had written its pid.
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw StartFailure(executable: executable, ending: "there is no executable file at that path")
        }
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-started-\(UUID().uuidString).pid").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let ending = Ending()
        let launcher = #"echo $$ > "$0.tmp" && mv "$0.tmp" "$0" && exec "$@""#
        let task = Task {
            let result: Result<Run, any Error>
            do {
                result = .success(
                    try await run("/bin/sh", ["-c", launcher, pidFile, executable] + arguments, in: directory, environment: environment))
            } catch {
                result = .failure(error)
            }
            ending.result.withLock { $0 = result }
        }
        // Only a bound for a launch that failed: on a loaded 2-core machine a shell can take
        // seconds to start.
        let clock = ContinuousClock()
        let giveUp = clock.now + .seconds(60)
        while clock.now < giveUp {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return Background(pid: pid, ending: ending, task: task)
            }
            switch ending.result.withLock({ $0 }) {
            case .success(let run)?:
                throw StartFailure(executable: executable, ending: "it ended at once (status \(run.status)): \(run.errors.suffix(500))")
            case .failure(let error)?:
                throw error
            case nil:
                break
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        throw StartFailure(executable: executable, ending: "it had not started after 60 s")
    }

    /// Runs the built `actorlings` binary in the background.
    public static func startActorlings(_ arguments: [String], in directory: String, environment: [String: String] = [:]) async throws
        -> Background
    {
        try await start(actorlingsBinary, arguments, in: directory, environment: environment)
    }

    /// How a background child ended, set once by the task that waits for it.
    fileprivate final class Ending: Sendable {
        let result = Mutex<Result<Run, any Error>?>(nil)
    }

    public struct StartFailure: Error, CustomStringConvertible {
        public var executable: String
        public var ending: String
        public var description: String { "could not start \(executable): \(ending)" }
    }
}
