/// The exit codes of `actorlings`; only `main` turns them into a process exit.
public enum ExitCode: Int32, Sendable {
    /// Done, or everything checked passed.
    case success = 0
    /// Something checked did not pass yet.
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// Actorlings itself could not do its job: a bad course file, no toolchain (EX_SOFTWARE).
    case toolFailure = 70
    /// Interrupted by Ctrl-C.
    case interrupted = 130
}
