import ActorlingsRuntime
import Foundation

/// Where commands print and read, so that every command — watch mode included — runs in tests
/// with captured output and scripted input.
///
/// Every read that may wait for the learner is `async` and must not hold a thread of the
/// cooperative pool while it waits.
public protocol Console: Sendable {
    func write(_ text: String)
    func writeError(_ text: String)
    /// True when standard output and input are a terminal (watch mode, pager, confirmations).
    var isInteractive: Bool { get }
    var width: Int { get }
    /// Reads one line of answer from the learner; nil at end of input.
    func readLine() async -> String?
    /// Whether standard input is a terminal (someone typing) rather than a pipe or a file.
    var inputIsTerminal: Bool { get }
    /// Everything on standard input until its end.
    func readToEnd() async -> String
    /// The terminal's rows.
    var height: Int { get }
    /// Shows `text` in a pager that owns the terminal until the learner quits it; false when no
    /// pager ran (the caller prints the text instead). With `staysOpen` a text shorter than the
    /// screen does not end the pager at once.
    func page(_ text: String, staysOpen: Bool) async -> Bool
    /// The same, with `f` jumping to `firstFailureLine` (1-based) in the default pager.
    func page(_ text: String, staysOpen: Bool, firstFailureLine: Int?) async -> Bool
    /// Single key presses, as bytes, for as long as the stream is iterated.
    func keys() -> AsyncStream<UInt8>
    /// An element each time the terminal changes size.
    func resizes() -> AsyncStream<Void>
    /// Switches single-key input on (true) or back to line input (false).
    func setSingleKeyInput(_ on: Bool)
}

extension Console {
    public var inputIsTerminal: Bool { isInteractive }
    public var height: Int { 24 }

    public func readToEnd() async -> String {
        var lines: [String] = []
        while let line = await readLine() { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    public func page(_ text: String, staysOpen: Bool) async -> Bool { false }

    public func page(_ text: String, staysOpen: Bool, firstFailureLine: Int?) async -> Bool {
        await page(text, staysOpen: staysOpen)
    }

    public func page(_ text: String) async -> Bool {
        await page(text, staysOpen: false)
    }

    public func keys() -> AsyncStream<UInt8> {
        AsyncStream { $0.finish() }
    }

    public func resizes() -> AsyncStream<Void> {
        AsyncStream { $0.finish() }
    }

    public func setSingleKeyInput(_ on: Bool) {}
}

/// The process's real standard streams and terminal.
public final class StandardConsole: Console {
    private let environment: [String: String]
    private let rawMode = Terminal.RawMode()

    /// - Parameter environment: where the pager's `PAGER` and `LESS` come from; the process's
    ///   own when nil.
    public init(environment: [String: String]? = nil) {
        self.environment = environment ?? ProcessInfo.processInfo.environment
    }

    public func write(_ text: String) {
        Terminal.write(text, to: 1)
    }

    public func writeError(_ text: String) {
        Terminal.write(text, to: 2)
    }

    public var isInteractive: Bool {
        Terminal.isTerminal(0) && Terminal.isTerminal(1)
    }

    public var inputIsTerminal: Bool {
        Terminal.isTerminal(0)
    }

    public var width: Int {
        Terminal.size()?.columns ?? 80
    }

    public var height: Int {
        Terminal.size()?.rows ?? 24
    }

    public func readLine() async -> String? {
        await Terminal.readLine()
    }

    public func readToEnd() async -> String {
        await Terminal.readToEnd()
    }

    public func page(_ text: String, staysOpen: Bool) async -> Bool {
        await Pager.show(text, environment: environment, staysOpen: staysOpen)
    }

    public func page(_ text: String, staysOpen: Bool, firstFailureLine: Int?) async -> Bool {
        await Pager.show(text, environment: environment, staysOpen: staysOpen, firstFailureLine: firstFailureLine)
    }

    public func keys() -> AsyncStream<UInt8> {
        Terminal.keys()
    }

    public func resizes() -> AsyncStream<Void> {
        let signals = SignalWatcher.signals([SIGWINCH])
        return AsyncStream { continuation in
            let task = Task {
                for await _ in signals { continuation.yield() }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func setSingleKeyInput(_ on: Bool) {
        if on {
            try? rawMode.enable()
        } else {
            rawMode.restore()
        }
    }
}
