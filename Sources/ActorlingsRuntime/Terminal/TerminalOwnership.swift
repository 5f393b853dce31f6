import Foundation

/// Which process group owns a terminal's foreground, the job-control part of a shell's work.
///
/// `tcsetpgrp` from a group that is not in the foreground raises SIGTTOU, which stops the caller;
/// taking the terminal back is done with SIGTTOU blocked on the calling thread, as shells do.
enum TerminalOwnership {
    /// Makes `group` the foreground of `terminal`; false if the terminal refused.
    @discardableResult
    static func give(_ terminal: Int32, to group: pid_t) -> Bool {
        withSignalBlocked(SIGTTOU) { tcsetpgrp(terminal, group) == 0 }
    }

    /// Makes this process's group the foreground of `terminal` again.
    @discardableResult
    static func takeBack(_ terminal: Int32) -> Bool {
        give(terminal, to: getpgrp())
    }

    /// Blocks `signal` on this thread for the rest of its life.
    static func blockOnThisThread(_ signal: Int32) {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, signal)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
    }

    /// Runs `body` with `signal` blocked on this thread only. `tcsetpgrp` with SIGTTOU blocked
    /// raises no signal at all, so none is left pending when the mask is restored.
    static func withSignalBlocked<Value>(_ signal: Int32, _ body: () -> Value) -> Value {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, signal)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
