public import ActorlingsCLI
import Synchronization

/// A console that records everything, for running commands in-process.
public final class RecordingConsole: Console {
    private let state = Mutex<(output: String, errors: String, answers: [String])>(("", "", []))
    public let isInteractive: Bool
    public let width = 80

    public init(interactive: Bool = false, answers: [String] = []) {
        isInteractive = interactive
        state.withLock { $0.answers = answers }
    }

    public func write(_ text: String) { state.withLock { $0.output += text } }
    public func writeError(_ text: String) { state.withLock { $0.errors += text } }
    public func readLine() -> String? {
        state.withLock { $0.answers.isEmpty ? nil : $0.answers.removeFirst() }
    }

    public var output: String { state.withLock { $0.output } }
    public var errors: String { state.withLock { $0.errors } }
}
