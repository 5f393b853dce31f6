import Foundation

/// A launched child that has not been reaped yet: its pid, the read ends of its output pipes, and
/// what was captured from them so far.
///
/// Noncopyable so that exactly one owner reads the pipes and each read end is closed exactly once.
struct ChildProcess: ~Copyable {
    /// Also the id of the session (and process group) the child leads.
    let pid: pid_t
    /// Standard output, and standard error too unless it has a pipe of its own.
    private(set) var output: CapturedPipe
    /// Standard error when the request keeps it apart.
    private(set) var errors: CapturedPipe?

    init(pid: pid_t, output: Int32, errors: Int32?, outputLimit: Int) {
        self.pid = pid
        self.output = CapturedPipe(readEnd: output, limit: outputLimit)
        self.errors = errors.map { CapturedPipe(readEnd: $0, limit: outputLimit) }
    }

    deinit {
        close(output.readEnd)
        if let errors { close(errors.readEnd) }
    }

    private var isReading: Bool { output.isOpen || errors?.isOpen == true }

    /// Waits up to `timeout` for output on either pipe and reads what has arrived on each.
    ///
    /// Both pipes are waited on together, so a child that fills one while we would be waiting on
    /// the other never stalls. Reading continues even past the output limit: a child blocked on a
    /// full pipe would look hung and could never be told apart from a real hang.
    mutating func pump(waitingAtMost timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        var descriptors: [pollfd] = []
        if output.isOpen { descriptors.append(pollfd(fd: output.readEnd, events: Int16(POLLIN), revents: 0)) }
        if let errors, errors.isOpen { descriptors.append(pollfd(fd: errors.readEnd, events: Int16(POLLIN), revents: 0)) }
        guard !descriptors.isEmpty else {
            // No descriptor left to wait on. The pipes usually close a moment before the child
            // becomes a zombie, so wait briefly: a full poll interval here would add up to 50 ms
            // to every compile, link and test run.
            _ = poll(nil, 0, min(milliseconds, 2))
            return
        }
        let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard ready > 0 else { return }  // timeout, or EINTR: the caller loops
        for descriptor in descriptors where descriptor.revents != 0 {
            if descriptor.fd == output.readEnd {
                output.readAvailable()
            } else {
                errors?.readAvailable()
            }
        }
    }

    /// Reads until every pipe reports end-of-file, for at most `limit`. Once the session is empty
    /// every writer is gone and end-of-file comes at once; the limit only matters when a
    /// descendant escaped the session (with setsid) and still holds a pipe.
    mutating func drain(for limit: Duration = .seconds(1)) {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while isReading, clock.now < end {
            pump(waitingAtMost: Subprocess.pollInterval)
        }
    }

    /// Kills every process of the child's session: SIGTERM, a grace period for them to exit, then
    /// SIGKILL until none is left, rescanning because processes may fork while they die.
    mutating func killSession() {
        let clock = ContinuousClock()
        signalSession(SIGTERM)
        let graceEnd = clock.now + Subprocess.gracePeriod
        // Keep reading meanwhile: a child that prints while it shuts down must not block on a pipe.
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
}

/// The read end of one of a child's output pipes, and what has been read from it. The descriptor
/// is closed by the ``ChildProcess`` that owns it.
struct CapturedPipe {
    let readEnd: Int32
    private(set) var captured: CappedOutput
    /// Until end-of-file (or an error that makes the pipe unusable).
    private(set) var isOpen = true

    init(readEnd: Int32, limit: Int) {
        self.readEnd = readEnd
        self.captured = CappedOutput(limit: limit)
    }

    mutating func readAvailable() {
        // Bounded so that a child flooding the pipe can't keep the loop from checking its deadline
        // (or from reading its other pipe).
        withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 1) { buffer in
            for _ in 0..<16 {
                let count = read(readEnd, buffer.baseAddress, buffer.count)
                if count > 0 {
                    captured.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                } else if count == 0 {
                    isOpen = false
                    return
                } else if errno == EINTR {
                    continue
                } else {
                    // EAGAIN: nothing more for now. Anything else: the pipe is unusable; stop reading.
                    if errno != EAGAIN && errno != EWOULDBLOCK { isOpen = false }
                    return
                }
            }
        }
    }
}
