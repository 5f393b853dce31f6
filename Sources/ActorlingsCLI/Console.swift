import ActorlingsRuntime
import Foundation

/// Where commands print and read, so that every command runs in tests with captured output.
public protocol Console: Sendable {
    func write(_ text: String)
    func writeError(_ text: String)
    /// True when standard output and input are a terminal (watch mode, pager, confirmations).
    var isInteractive: Bool { get }
    var width: Int { get }
    /// Reads one line of answer from the learner; nil at end of input.
    func readLine() -> String?
}

/// The process's real standard streams.
public struct StandardConsole: Console {
    public init() {}

    public func write(_ text: String) {
        Terminal.write(text, to: 1)
    }

    public func writeError(_ text: String) {
        Terminal.write(text, to: 2)
    }

    public var isInteractive: Bool {
        Terminal.isTerminal(0) && Terminal.isTerminal(1)
    }

    public var width: Int {
        Terminal.size()?.columns ?? 80
    }

    public func readLine() -> String? {
        Swift.readLine()
    }
}
