import Foundation

/// A launched child that has not been reaped yet: its pid, the read end of its output pipe, and
/// the output captured so far.
///
/// Noncopyable so that exactly one owner reads the pipe and the read end is closed exactly once.
struct ChildProcess: ~Copyable {
    /// Also the id of the session (and process group) the child leads.
    let pid: pid_t
    private let readEnd: Int32
    private(set) var output: CappedOutput
    private var pipeOpen = true

    init(pid: pid_t, readEnd: Int32, outputLimit: Int) {
        self.pid = pid
        self.readEnd = readEnd
        self.output = CappedOutput(limit: outputLimit)
    }

    deinit { close(readEnd) }

    /// Waits up to `timeout` for output and reads what has arrived.
    ///
    /// Reading continues even past the output limit: a child blocked on a full pipe would look
    /// hung and could never be told apart from a real hang.
    mutating func pump(waitingAtMost timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        guard pipeOpen else {
            // No descriptor left to wait on. The pipe usually closes a moment before the child
            // becomes a zombie, so wait briefly: a full poll interval here would add up to 50 ms
            // to every compile, link and test run.
            _ = poll(nil, 0, min(milliseconds, 2))
            return
        }
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return }  // timeout, or EINTR: the caller loops
        readAvailable()
    }

    /// Reads until the pipe reports end-of-file, for at most `limit`. Once the session is empty
    /// every writer is gone and end-of-file comes at once; the limit only matters when a
    /// descendant escaped the session (with setsid) and still holds the pipe.
    mutating func drain(for limit: Duration = .seconds(1)) {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while pipeOpen, clock.now < end {
            pump(waitingAtMost: Subprocess.pollInterval)
        }
    }

    /// Kills every process of the child's session: SIGTERM, a grace period for them to exit, then
    /// SIGKILL until none is left, rescanning because processes may fork while they die.
    mutating func killSession() {
        let clock = ContinuousClock()
        signalSession(SIGTERM)
        let graceEnd = clock.now + Subprocess.gracePeriod
        // Keep reading meanwhile: a child that prints while it shuts down must not block on the pipe.
        while clock.now < graceEnd, !ProcessTree.sessionMembers(of: pid).isEmpty {
            pump(waitingAtMost: .milliseconds(10))
        }
        // A process in uninterruptible sleep can outlast SIGKILL for a while; don't wait forever.
        let giveUp = clock.now + .seconds(2)
        while clock.now < giveUp, !ProcessTree.sessionMembers(of: pid).isEmpty {
            signalSession(SIGKILL)
            pump(waitingAtMost: .milliseconds(10))
        }
    }

    /// Signals the child's process group at once (which also reaches processes forked a moment
    /// ago), then every member of its session, which catches those that left the group.
    private func signalSession(_ signal: Int32) {
        _ = killpg(pid, signal)
        for member in ProcessTree.sessionMembers(of: pid) {
            _ = kill(member, signal)
        }
    }

    /// Waits for the child and decodes how it ended.
    mutating func reap() -> ProcessResult.Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            // ECHILD: whoever set SIGCHLD to SIG_IGN had the kernel reap it, and its status is lost.
            guard errno == EINTR else {
                ProcessTree.children.withLock { _ = $0.remove(pid) }
                return .exited(-1)
            }
        }
        ProcessTree.children.withLock { _ = $0.remove(pid) }
        // The encoding of wait statuses is the same on Linux and Darwin; their macros aren't imported.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    private mutating func readAvailable() {
        // Bounded so that a child flooding the pipe can't keep the loop from checking its deadline.
        withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 1) { buffer in
            for _ in 0..<16 {
                let count = read(readEnd, buffer.baseAddress, buffer.count)
                if count > 0 {
                    output.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                } else if count == 0 {
                    pipeOpen = false
                    return
                } else if errno == EINTR {
                    continue
                } else {
                    // EAGAIN: nothing more for now. Anything else: the pipe is unusable; stop reading.
                    if errno != EAGAIN && errno != EWOULDBLOCK { pipeOpen = false }
                    return
                }
            }
        }
    }
}
