import ActorlingsSystem
import Foundation

/// The spawn that Linux and Darwin share; each platform file supplies only the small part that
/// differs (`SpawnPlatform`): how spawn objects are stored and the flags only one of them has.
/// The calls the C library declares only under feature macros or newer SDKs come from the
/// `ActorlingsSystem` C target.
extension Subprocess {
    /// Starts the child in a new session, with standard input from `input` (`/dev/null` when nil),
    /// standard output on `output` and standard error on `errors` (the same pipe when merged).
    ///
    /// A new session makes the child's whole tree findable and killable later, even processes it
    /// orphaned, and detaches it from our terminal, so it can neither read the learner's keyboard
    /// nor receive the terminal's Ctrl-C meant for us.
    static func spawn(_ request: ProcessRequest, input: Int32?, output: Int32, errors: Int32) throws(SystemCallError) -> pid_t {
        var actions = SpawnPlatform.emptyFileActions()
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            try check(posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO), "adddup2")
        } else {
            try check(posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0), "addopen")
        }
        // dup2 clears close-on-exec on the copies; the original descriptors still close at exec.
        try check(posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO), "adddup2")
        try check(posix_spawn_file_actions_adddup2(&actions, errors, STDERR_FILENO), "adddup2")
        // Descriptors someone else opened without close-on-exec (a library, a host process) must
        // not leak into a learner's program.
        // Darwin has no such call (ENOSYS): `POSIX_SPAWN_CLOEXEC_DEFAULT` in the flags does it;
        // glibc older than 2.34 has none either, and there the guard is skipped.
        let closing = actorlings_spawn_addclosefrom(&actions, STDERR_FILENO + 1)
        if closing != ENOSYS { try check(closing, "posix_spawn_file_actions_addclosefrom_np") }
        if let directory = request.workingDirectory {
            try check(actorlings_spawn_addchdir(&actions, directory), "posix_spawn_file_actions_addchdir")
        }

        var attributes = SpawnPlatform.emptyAttributes()
        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        try resetSignals(&attributes)
        let flags =
            Int32(actorlings_spawn_setsid_flag()) | SpawnPlatform.extraFlags | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        try check(posix_spawnattr_setflags(&attributes, Int16(flags)), "posix_spawnattr_setflags")

        var pid: pid_t = 0
        let environment = request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let result = withCStringArray([request.executable] + request.arguments) { argv in
            withCStringArray(environment) { envp in
                posix_spawn(&pid, request.executable, &actions, &attributes, argv, envp)
            }
        }
        try check(result, "posix_spawn")
        return pid
    }

    /// Makes a spawned child start with no signal blocked and every catchable one at its default:
    /// it must not inherit our blocked or ignored signals (an ignored SIGTERM would defeat the
    /// polite half of a time-out; our signal watchers ignore SIGINT, and "ignore" survives exec).
    /// The caller adds `POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF` to its flags.
    static func resetSignals(_ attributes: inout SpawnPlatform.Attributes) throws(SystemCallError) {
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var catchableSignals = sigset_t()
        sigfillset(&catchableSignals)
        sigdelset(&catchableSignals, SIGKILL)
        sigdelset(&catchableSignals, SIGSTOP)
        try check(posix_spawnattr_setsigmask(&attributes, &noSignals), "posix_spawnattr_setsigmask")
        try check(posix_spawnattr_setsigdefault(&attributes, &catchableSignals), "posix_spawnattr_setsigdefault")
    }

    /// Opens an output pipe: the one stdout and stderr share, or one of the two when they are apart.
    /// Both ends are close-on-exec (from the start where the system has `pipe2`), so a child spawned
    /// by another thread can't inherit them and hold our pipe open; the read end doesn't block, so a read never outlives the poll interval.
    static func openOutputPipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard actorlings_pipe_cloexec(&ends) == 0 else { throw SystemCallError("pipe") }
        guard fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0 else {
            let error = SystemCallError("fcntl")
            close(ends[0])
            close(ends[1])
            throw error
        }
        return (ends[0], ends[1])
    }

    /// The descriptor the child reads standard input from, or `nil` for `/dev/null`; close-on-exec,
    /// so only the child that gets it as its standard input keeps it.
    ///
    /// Bytes go into a temporary file unlinked at once: a child that never reads them can't fill a
    /// pipe and stall the run, nor make our write fail with `SIGPIPE` by exiting first.
    static func openStandardInput(_ input: ProcessRequest.StandardInput) throws(SystemCallError) -> Int32? {
        switch input {
        case .empty:
            return nil
        case .file(let path):
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw SystemCallError("open \(path)", code: EISDIR)
            }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw SystemCallError("open \(path)") }
            return descriptor
        case .bytes(let bytes):
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-stdin-\(UUID().uuidString)").path
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw SystemCallError("open \(path)") }
            unlink(path)
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    let error = SystemCallError("write \(path)")
                    close(descriptor)
                    throw error
                }
                written += count
            }
            guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                let error = SystemCallError("lseek \(path)")
                close(descriptor)
                throw error
            }
            return descriptor
        }
    }

    /// posix_spawn and its helpers return an error number rather than setting errno.
    static func check(_ result: Int32, _ call: String) throws(SystemCallError) {
        guard result == 0 else { throw SystemCallError(call, code: result) }
    }
}

extension ProcessTree {
    /// The live processes whose session id is `sessionID`.
    ///
    /// Zombies are left out: they are already dead, can't be killed again, and an orphaned one
    /// lingers until its new parent reaps it.
    public static func sessionMembers(of sessionID: Int32) -> [Int32] {
        guard sessionID > 0 else { return [] }
        return livePIDs().filter { getsid($0) == sessionID }
    }
}
