/// A parsed command line: what to do, and how to print it.
struct Invocation: Sendable {
    var command: any ActorlingsCommand
    var color: ColorChoice
    /// `--root PATH`: the checkout, when not found by walking up from the current directory.
    var root: String?
    /// `--all-diagnostics`: verdicts show every diagnostic, not only the first three.
    var allDiagnostics = false
    /// `check ID --replay SEED`: tests that explore interleavings run only the schedule `SEED`.
    var replaySeed: UInt64?

    init(command: any ActorlingsCommand, color: ColorChoice = .auto, root: String? = nil, allDiagnostics: Bool = false) {
        self.command = command
        self.color = color
        self.root = root
        self.allDiagnostics = allDiagnostics
    }
}

enum ColorChoice: String, Sendable, Equatable, CaseIterable {
    case auto, always, never
}

/// A command line that could not be understood: printed with the usage, exit code 64.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    /// The command whose usage to show, if known.
    var command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}
