#if canImport(Darwin)
    import Darwin

    /// `SZOMB` from `<sys/proc.h>`: the state of a process that has exited and awaits its parent's wait.
    private let zombieState = CChar(SZOMB)

    /// What spawning needs that differs from Linux: Darwin's spawn objects are opaque pointers,
    /// stored as optionals (`posix_spawn_file_actions_t?`) that `…_init` allocates.
    enum SpawnPlatform {
        static func emptyFileActions() -> posix_spawn_file_actions_t? { nil }
        typealias Attributes = posix_spawnattr_t?
        static func emptyAttributes() -> Attributes { nil }

        /// `POSIX_SPAWN_CLOEXEC_DEFAULT`: only the descriptors set up by the file actions reach
        /// the child, whatever else is open here without close-on-exec.
        static let extraFlags = Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    }

    extension Subprocess {
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
    }

    extension ProcessTree {
        /// Processes that are alive (not zombies). Darwin's kernel doesn't implement
        /// `KERN_PROC_SESSION`, so the shared session filter asks each for its session with `getsid`.
        static func livePIDs() -> [Int32] {
            allProcesses().filter { $0.kp_proc.p_stat != zombieState }.map { $0.kp_proc.p_pid }.filter { $0 > 0 }
        }

        /// Darwin keeps no list of a process's children to read cheaply (and has no subreaper).
        static func childPIDs() -> [Int32]? { nil }

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
