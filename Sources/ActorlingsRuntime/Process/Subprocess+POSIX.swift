import Foundation

/// The spawn that Linux and Darwin share; each platform file supplies only the small part that
/// differs (`SpawnPlatform`): how spawn objects are stored, the new-session flag, closing stray
/// descriptors, and changing directory.
extension Subprocess {
    /// Starts the child in a new session, with stdin from /dev/null and stdout and stderr on `output`.
    ///
    /// A new session makes the child's whole tree findable and killable later, even processes it
    /// orphaned, and detaches it from our terminal, so it can neither read the learner's keyboard
    /// nor receive the terminal's Ctrl-C meant for us.
    static func spawn(_ request: ProcessRequest, output: Int32) throws(SystemCallError) -> pid_t {
        var actions = SpawnPlatform.emptyFileActions()
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        try check(posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0), "addopen")
        // dup2 clears close-on-exec on the copies; the original descriptor still closes at exec.
        try check(posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO), "adddup2")
        try check(posix_spawn_file_actions_adddup2(&actions, output, STDERR_FILENO), "adddup2")
        // Descriptors someone else opened without close-on-exec (a library, a host process) must
        // not leak into a learner's program.
        try SpawnPlatform.closeOtherDescriptors(&actions)
        if let directory = request.workingDirectory {
            try SpawnPlatform.changeDirectory(&actions, to: directory)
        }

        var attributes = SpawnPlatform.emptyAttributes()
        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        try resetSignals(&attributes)
        let flags = SpawnPlatform.newSessionFlags | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
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
