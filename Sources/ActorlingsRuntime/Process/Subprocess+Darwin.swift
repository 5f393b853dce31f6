#if canImport(Darwin)
    import Darwin

    /// `SZOMB` from `<sys/proc.h>`: the state of a process that has exited and awaits its parent's wait.
    private let zombieState: CChar = 5

    extension Subprocess {
        /// Opens the pipe that stdout and stderr share, both ends close-on-exec and the read end
        /// non-blocking, so a read never outlives the poll interval.
        ///
        /// Darwin has no `pipe2`, so close-on-exec is set just after creation; our own children are
        /// protected from that brief window regardless by `POSIX_SPAWN_CLOEXEC_DEFAULT`.
        static func openOutputPipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw SystemCallError("pipe") }
            guard fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0,
                fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0,
                fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0
            else {
                let error = SystemCallError("fcntl")
                close(ends[0])
                close(ends[1])
                throw error
            }
            return (ends[0], ends[1])
        }

        /// Starts the child in a new session, with stdin from /dev/null and stdout and stderr on `output`.
        ///
        /// A new session makes the child's whole tree findable and killable later, even processes it
        /// orphaned, and detaches it from our terminal, so it can neither read the learner's keyboard
        /// nor receive the terminal's Ctrl-C meant for us.
        static func spawn(_ request: ProcessRequest, output: Int32) throws(SystemCallError) -> pid_t {
            var actions: posix_spawn_file_actions_t? = nil
            try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
            defer { posix_spawn_file_actions_destroy(&actions) }
            try check(posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0), "addopen")
            try check(posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO), "adddup2")
            try check(posix_spawn_file_actions_adddup2(&actions, output, STDERR_FILENO), "adddup2")
            if let directory = request.workingDirectory {
                let result = posix_spawn_file_actions_addchdir_np(&actions, directory)
                try check(result, "posix_spawn_file_actions_addchdir_np")
            }

            var attributes: posix_spawnattr_t? = nil
            try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
            defer { posix_spawnattr_destroy(&attributes) }
            // The child must not inherit our blocked signals or ignored ones (an ignored SIGTERM would
            // defeat the polite half of the time-out).
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            var catchableSignals = sigset_t()
            sigfillset(&catchableSignals)
            sigdelset(&catchableSignals, SIGKILL)
            sigdelset(&catchableSignals, SIGSTOP)
            try check(posix_spawnattr_setsigmask(&attributes, &noSignals), "posix_spawnattr_setsigmask")
            try check(posix_spawnattr_setsigdefault(&attributes, &catchableSignals), "posix_spawnattr_setsigdefault")
            // CLOEXEC_DEFAULT: only the descriptors set up above reach the child, whatever else is open
            // in this process without close-on-exec.
            let flags =
                POSIX_SPAWN_SETSID | POSIX_SPAWN_CLOEXEC_DEFAULT | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
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

        /// Whether the child has exited, without reaping it: the zombie keeps its pid, and with it the
        /// session and group id, from being reused while we clean up what it left behind.
        ///
        /// Asks the kernel for the process's state rather than calling `waitid(…, WNOWAIT)`, which on
        /// Darwin also reports a merely stopped child.
        static func hasExited(_ pid: pid_t) -> Bool {
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            guard sysctl(&name, UInt32(name.count), &info, &size, nil, 0) == 0 else { return false }
            // No such process: someone else reaped it (SIGCHLD ignored), so it is certainly gone.
            return size == 0 || info.kp_proc.p_stat == zombieState
        }

        /// posix_spawn and its helpers return an error number rather than setting errno.
        private static func check(_ result: Int32, _ call: String) throws(SystemCallError) {
            guard result == 0 else { throw SystemCallError(call, code: result) }
        }
    }

    extension ProcessTree {
        /// The live processes whose session id is `sessionID`.
        ///
        /// Darwin's kernel doesn't implement `KERN_PROC_SESSION`, so this lists every process and asks
        /// each for its session with `getsid`. Zombies are left out: they are already dead and can't
        /// be killed again.
        public static func sessionMembers(of sessionID: Int32) -> [Int32] {
            guard sessionID > 0 else { return [] }
            return allProcesses()
                .filter { $0.kp_proc.p_stat != zombieState }
                .map { $0.kp_proc.p_pid }
                .filter { $0 > 0 && getsid($0) == sessionID }
        }

        /// Every process whose parent is this process. macOS has no subreaper: an orphan goes to
        /// launchd, so only our own children are found here.
        static func adoptedProcesses() -> [Adopted] {
            let me = getpid()
            return allProcesses().filter { $0.kp_eproc.e_ppid == me }.map { process in
                let pid = process.kp_proc.p_pid
                return Adopted(pid: pid, session: getsid(pid), isZombie: process.kp_proc.p_stat == zombieState)
            }
        }

        /// Processes of this user now: what `RLIMIT_NPROC` counts on Darwin (threads are not counted).
        public static func userTaskCount() -> Int {
            let user = getuid()
            return allProcesses().filter { $0.kp_eproc.e_ucred.cr_uid == user }.count
        }

        /// macOS has no `PR_SET_CHILD_SUBREAPER` (see Documentation/Reliability.md).
        static func becomeSubreaper() -> Bool { false }

        private static func allProcesses() -> [kinfo_proc] {
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_ALL]
            let stride = MemoryLayout<kinfo_proc>.stride
            // The process table can grow between asking for its size and reading it; try again then.
            for _ in 0..<3 {
                var size = 0
                guard sysctl(&name, UInt32(name.count), nil, &size, nil, 0) == 0 else { return [] }
                var processes = [kinfo_proc](repeating: kinfo_proc(), count: size / stride + 16)
                size = processes.count * stride
                let result = processes.withUnsafeMutableBytes { buffer in
                    sysctl(&name, UInt32(name.count), buffer.baseAddress, &size, nil, 0)
                }
                if result == 0 { return Array(processes.prefix(size / stride)) }
                guard errno == ENOMEM else { return [] }
            }
            return []
        }
    }
#endif
