#if os(Linux)
    import ActorlingsSystem
    import Foundation
    import Glibc

    /// What spawning needs that differs from Darwin: glibc's spawn objects are plain structs.
    enum SpawnPlatform {
        static func emptyFileActions() -> posix_spawn_file_actions_t { posix_spawn_file_actions_t() }
        typealias Attributes = posix_spawnattr_t
        static func emptyAttributes() -> Attributes { posix_spawnattr_t() }

        /// Nothing beyond the new session: stray descriptors are closed by a file action.
        static let extraFlags: Int32 = 0
    }

    extension Subprocess {
        /// Whether the child has exited, without reaping it: the zombie keeps its pid, and with it the
        /// session id, from being reused while we clean up what it left behind.
        static func hasExited(_ pid: pid_t) -> Bool {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == -1 {
                // ECHILD: already reaped by someone else (SIGCHLD ignored), so certainly gone.
                guard errno == EINTR else { return true }
            }
            // With WNOHANG and nothing to report, the kernel leaves `info` zeroed.
            return info.si_signo == SIGCHLD
        }
    }

    extension ProcessTree {
        /// Processes that are alive (not zombies), from `/proc`.
        static func livePIDs() -> [Int32] {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
            return entries.compactMap { Int32($0) }.filter { status(of: $0).map { !$0.isZombie } ?? false }
        }

        /// Every process whose parent is this process: from the kernel's list of each thread's
        /// children where it keeps one, else from a walk of `/proc`.
        static func adoptedProcesses() -> [Adopted] {
            let me = getpid()
            let candidates: [Int32]
            if let listed = childPIDs() {
                candidates = listed
            } else {
                guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
                candidates = entries.compactMap { Int32($0) }
            }
            return candidates.compactMap { pid in
                guard let status = status(of: pid), status.parent == me else { return nil }
                return Adopted(pid: pid, session: status.session, isZombie: status.isZombie)
            }
        }

        /// The children of this process's threads (`/proc/self/task/*/children`, kept by kernels
        /// built with `CONFIG_PROC_CHILDREN`), or `nil` where the kernel keeps no such list.
        /// An orphan re-parented here becomes the child of one of our threads, so it is listed too.
        static func childPIDs() -> [Int32]? {
            guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
            var pids: [Int32] = []
            var listed = false
            for thread in threads {
                // A thread that ended since the folder was read has no file: that is no answer.
                guard let text = try? String(contentsOfFile: "/proc/self/task/\(thread)/children", encoding: .utf8) else { continue }
                listed = true
                pids += text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            return listed ? pids : nil
        }

        /// Processes and threads of this user now: what `RLIMIT_NPROC` counts on Linux.
        public static func userTaskCount() -> Int {
            // Root is exempt from RLIMIT_NPROC: counting would only cost time on every run.
            guard getuid() != 0, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
            let user = getuid()
            var count = 0
            for entry in entries where Int32(entry) != nil {
                var info = stat()
                guard stat("/proc/\(entry)", &info) == 0, info.st_uid == user,
                    let text = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let commEnd = text.lastIndex(of: ")")
                else { continue }
                let fields = text[text.index(after: commEnd)...].split(separator: " ")
                count += fields.count > 17 ? Int(fields[17]) ?? 1 : 1
            }
            return count
        }

        /// `PR_SET_CHILD_SUBREAPER` (Linux 3.4): orphaned descendants are re-parented to this
        /// process instead of init, so they stay findable after their session was left behind.
        static func becomeSubreaper() -> Bool {
            actorlings_prctl(Int32(ACTORLINGS_PR_SET_CHILD_SUBREAPER), 1, 0, 0, 0) == 0
        }

        /// State, parent and session of a process, from `/proc/<pid>/stat`:
        /// `pid (comm) state ppid pgrp session …`; nil when it is gone (or fully reaped).
        private static func status(of pid: Int32) -> (isZombie: Bool, parent: Int32, session: Int32)? {
            let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }  // it exited since the directory was listed
            defer { close(descriptor) }
            // The fields we need end well within 512 bytes: comm is at most 15 bytes.
            var bytes = [UInt8](repeating: 0, count: 512)
            var count = -1
            while count < 0 {
                count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count >= 0 || errno == EINTR else { return nil }
            }
            // comm may itself contain ") ", so the fields start after the last parenthesis.
            let line = bytes[..<count]
            guard let commEnd = line.lastIndex(of: UInt8(ascii: ")")) else { return nil }
            let fields = line[(commEnd + 1)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 3, let state = fields[0].first, state != UInt8(ascii: "X"),
                let parent = Int32(String(decoding: fields[1], as: UTF8.self)),
                let session = Int32(String(decoding: fields[3], as: UTF8.self))
            else { return nil }
            // A leader whose main thread ended shows "Z" while its other threads run on: it is
            // alive (a SIGKILL to it ends them all), not a zombie to reap.
            let threads = fields.count > 17 ? Int(String(decoding: fields[17], as: UTF8.self)) ?? 1 : 1
            return (state == UInt8(ascii: "Z") && threads <= 1, parent, session)
        }
    }
#endif
