import ActorlingsCore
import ActorlingsRuntime

/// One command the tool runs: a plain value made by parsing its words (`CommandTable`), which
/// says what it needs and then runs to an exit code. Only `main` exits.
protocol ActorlingsCommand: Sendable, Equatable {
    /// What must be in place before `run`: `Actorlings.run` and `Session` provide exactly this.
    var needs: CommandNeeds { get }

    /// Runs the command. A thrown `UsageError` exits 64, anything else 70; outcomes that are
    /// the learner's (a failing exercise) are exit codes, not errors.
    func run(in context: CommandContext) async throws -> ExitCode
}

extension ActorlingsCommand {
    /// Whether `other` is the same command with the same arguments.
    func isEqual(to other: any ActorlingsCommand) -> Bool {
        (other as? Self) == self
    }
}

/// A command that works on the course of a checkout: it runs with an open `Session`, whose
/// opening validated the course first, so no such command runs on a broken definition.
///
/// Every course command is interruptible: a signal cancels it, killing the compilers and
/// test runs it started.
protocol CourseCommand: ActorlingsCommand {
    /// How the lock names the command to another one that waits (`check`, `dev check`).
    var name: String { get }

    func run(in session: Session) async throws -> ExitCode
}

extension CourseCommand {
    func run(in context: CommandContext) async throws -> ExitCode {
        let session = try Session.open(context, needs: needs)
        let command = self
        return try await Actorlings.interruptible {
            // Commands that build or rewrite exercise files hold the checkout's lock for their
            // whole run (watch mode takes it for each check instead).
            let lock =
                command.needs.contains(.lock)
                ? try await CheckoutLock.acquire(
                    root: session.root, command: command.name, waiting: CheckoutLock.wait(environment: session.environment))
                : nil
            defer { withExtendedLifetime(lock) {} }
            return try await command.run(in: session)
        }
    }
}

/// What a command needs before it runs, declared by the command and provided by the dispatch.
struct CommandNeeds: OptionSet, Sendable {
    let rawValue: Int

    /// The checkout's lock, held for the whole run (a course command).
    static let lock = CommandNeeds(rawValue: 1 << 0)
    /// The Swift toolchain: the command compiles. `Session` locates it only for a command that
    /// declares this, and only when the command asks (a mistyped id fails before any search).
    static let toolchain = CommandNeeds(rawValue: 1 << 1)
    /// The course loaded strictly, as its author checks it (a course command).
    static let authoring = CommandNeeds(rawValue: 1 << 2)
    /// The knowledge base that explains verdicts; the command shows verdicts (a course command).
    static let explanations = CommandNeeds(rawValue: 1 << 3)
    /// The command rewrites the list of shipped files, so a broken one must not stop it.
    static let freshShippedList = CommandNeeds(rawValue: 1 << 4)
    /// A command without a course that starts processes: a signal cancels it (exit 130).
    static let interruptible = CommandNeeds(rawValue: 1 << 5)
}

/// What every command is given: how to print, and where and how the tool was started.
struct CommandContext: Sendable {
    let console: any Console
    let palette: Palette
    let environment: [String: String]
    /// The folder the command was given in (`Actorlings.run`'s, which need not be this
    /// process's): relative paths on the command line are taken from it.
    let currentDirectory: String
    /// `--root PATH`, when given.
    let root: String?
    /// `--all-diagnostics`: verdicts list every diagnostic.
    let allDiagnostics: Bool
    /// `check ID --replay SEED`.
    let replaySeed: UInt64?
    /// The `actorlings` executable whose launcher mode sandboxes test runs; `nil`: no sandbox.
    let sandboxLauncher: String?
}
