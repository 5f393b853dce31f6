#if os(Linux)
    import ActorlingsSystem
    import Glibc

    /// Landlock (file system, TCP, signals, abstract sockets) and a seccomp filter (namespaces,
    /// mounts, tracing, other socket families), both inherited by everything the process becomes.
    extension SandboxLauncher {
        /// The user a test process runs as when the tool runs as root and no user of its own can
        /// be had: `nobody`.
        static let unprivilegedUser: uid_t = 65534
        static let unprivilegedGroup: gid_t = 65534
        /// The first of the users a run gets one of (plus the launcher's process id): far above
        /// any account a system makes.
        static let firstRunUser: uid_t = 0x7F00_0000

        private static let landlockCreateRuleset = actorlings_sys_landlock_create_ruleset()
        private static let landlockAddRule = actorlings_sys_landlock_add_rule()
        private static let landlockRestrictSelf = actorlings_sys_landlock_restrict_self()

        #if arch(x86_64)
            private static let architecture = SeccompProgram.Architecture.x86_64
        #elseif arch(arm64)
            private static let architecture = SeccompProgram.Architecture.aarch64
        #endif

        private static func syscall(_ number: Int, _ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
            actorlings_syscall(number, a, b, c, d)
        }

        private static func prctl(_ option: Int, _ a: UInt, _ b: UInt, _ c: UInt, _ d: UInt) -> Int32 {
            actorlings_prctl(Int32(option), a, b, c, d)
        }

        /// The Landlock ABI version of this kernel, or why there is none.
        static func landlockABI() -> Result<Int, SandboxError> {
            let version = syscall(landlockCreateRuleset, 0, 0, ACTORLINGS_LANDLOCK_CREATE_RULESET_VERSION, 0)
            guard version >= 1 else { return .failure(SandboxError("landlock_create_ruleset")) }
            return .success(version)
        }

        /// What this machine offers: the mechanism's name, or why there is none.
        public static func probe() -> Result<String, ProbeFailure> {
            #if !arch(x86_64) && !arch(arm64)
                return .failure(ProbeFailure(reason: "this CPU's system call numbers are not known to the sandbox"))
            #else
                let abi: Int
                switch landlockABI() {
                case .success(let version): abi = version
                case .failure(let error):
                    return .failure(
                        ProbeFailure(reason: "this kernel offers no Landlock (\(error); Linux 5.13 or later with landlock in its lsm= list is needed)"))
                }
                guard abi >= 4 else {
                    return .failure(ProbeFailure(reason: "this kernel's Landlock (ABI \(abi)) cannot deny network access; Linux 6.7 or later is needed"))
                }
                guard prctl(ACTORLINGS_PR_GET_SECCOMP, 0, 0, 0, 0) >= 0 else {
                    return .failure(ProbeFailure(reason: "this kernel offers no seccomp filter"))
                }
                return .success("Landlock ABI \(abi) + seccomp")
            #endif
        }

        /// Confines this process and whatever it executes: Landlock first (it needs
        /// `no_new_privs`, which seccomp needs too), then the seccomp filter.
        static func enter(_ policy: SandboxPolicy) throws(SandboxError) {
            #if !arch(x86_64) && !arch(arm64)
                throw SandboxError("this CPU's system call numbers are not known to the sandbox", code: 0)
            #else
                let abi = try landlockABI().get()
                let ruleset = try makeRuleset(policy, abi: abi)
                defer { close(ruleset) }
                guard prctl(ACTORLINGS_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 else { throw SandboxError("prctl(PR_SET_NO_NEW_PRIVS)") }
                guard syscall(landlockRestrictSelf, Int(ruleset), 0, 0, 0) == 0 else { throw SandboxError("landlock_restrict_self") }
                try installSeccomp(asRoot: geteuid() == 0)
            #endif
        }

        private static func makeRuleset(_ policy: SandboxPolicy, abi: Int) throws(SandboxError) -> Int32 {
            // struct landlock_ruleset_attr { __u64 handled_access_fs, handled_access_net, scoped; }
            var attributes: [UInt64] = [
                LandlockRights.handledFileSystem(abi: abi), LandlockRights.handledNetwork(abi: abi), LandlockRights.scoped(abi: abi),
            ]
            let size = LandlockRights.rulesetAttributeSize(abi: abi)
            let ruleset = attributes.withUnsafeMutableBytes { syscall(landlockCreateRuleset, Int(bitPattern: $0.baseAddress), size, 0, 0) }
            guard ruleset >= 0 else { throw SandboxError("landlock_create_ruleset") }
            let grants: [(paths: [String], rights: UInt64)] = [
                (policy.readable, LandlockRights.readable(abi: abi)),
                (policy.executable, LandlockRights.executable(abi: abi)),
                (policy.writableFolders, LandlockRights.writableFolder(abi: abi)),
                (policy.writableFiles, LandlockRights.writableFile(abi: abi)),
            ]
            do {
                for grant in grants {
                    for path in grant.paths { try addRule(path, rights: grant.rights, ruleset: Int32(ruleset), abi: abi) }
                }
            } catch {
                close(Int32(ruleset))
                throw error
            }
            return Int32(ruleset)
        }

        private static func addRule(_ path: String, rights: UInt64, ruleset: Int32, abi: Int) throws(SandboxError) {
            let descriptor = open(path, Int32(ACTORLINGS_O_PATH) | O_CLOEXEC)
            // A system folder this machine doesn't have is simply not granted.
            guard descriptor >= 0 else {
                if errno == ENOENT { return }
                throw SandboxError("open \(path)")
            }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw SandboxError("fstat \(path)") }
            let allowed = LandlockRights.rule(rights, abi: abi, isDirectory: info.st_mode & S_IFMT == S_IFDIR)
            guard allowed != 0 else { return }
            // struct landlock_path_beneath_attr { __u64 allowed_access; __s32 parent_fd; } __attribute__((packed))
            var attribute = [UInt8](repeating: 0, count: 12)
            attribute.withUnsafeMutableBytes { bytes in
                bytes.storeBytes(of: allowed.littleEndian, toByteOffset: 0, as: UInt64.self)
                bytes.storeBytes(of: descriptor.littleEndian, toByteOffset: 8, as: Int32.self)
            }
            let added = attribute.withUnsafeMutableBytes {
                syscall(landlockAddRule, Int(ruleset), ACTORLINGS_LANDLOCK_RULE_PATH_BENEATH, Int(bitPattern: $0.baseAddress), 0)
            }
            guard added == 0 else { throw SandboxError("landlock_add_rule \(path)") }
        }

        private static func installSeccomp(asRoot: Bool) throws(SandboxError) {
            #if arch(x86_64) || arch(arm64)
                let program = SeccompProgram(for: architecture, asRoot: asRoot)
                // struct sock_filter { __u16 code; __u8 jt, jf; __u32 k; }, 8 bytes each.
                var filter = [UInt8](repeating: 0, count: program.instructions.count * 8)
                filter.withUnsafeMutableBytes { bytes in
                    for (index, instruction) in program.instructions.enumerated() {
                        bytes.storeBytes(of: instruction.code, toByteOffset: index * 8, as: UInt16.self)
                        bytes.storeBytes(of: instruction.jumpIfTrue, toByteOffset: index * 8 + 2, as: UInt8.self)
                        bytes.storeBytes(of: instruction.jumpIfFalse, toByteOffset: index * 8 + 3, as: UInt8.self)
                        bytes.storeBytes(of: instruction.constant, toByteOffset: index * 8 + 4, as: UInt32.self)
                    }
                }
                let installed = filter.withUnsafeMutableBytes { instructions in
                    // struct sock_fprog { unsigned short len; struct sock_filter *filter; }
                    var header = [UInt8](repeating: 0, count: 16)
                    return header.withUnsafeMutableBytes { bytes in
                        bytes.storeBytes(of: UInt16(program.instructions.count), toByteOffset: 0, as: UInt16.self)
                        bytes.storeBytes(of: UInt(bitPattern: instructions.baseAddress), toByteOffset: 8, as: UInt.self)
                        return prctl(ACTORLINGS_PR_SET_SECCOMP, UInt(ACTORLINGS_SECCOMP_MODE_FILTER), UInt(bitPattern: bytes.baseAddress), 0, 0)
                    }
                }
                guard installed == 0 else { throw SandboxError("prctl(PR_SET_SECCOMP)") }
            #endif
        }

        /// Root without capabilities: the bounding and ambient sets emptied, the secure bits that
        /// keep `execve` from granting them again locked, and every set cleared.
        static func dropCapabilities() throws(SandboxError) {
            let capset = actorlings_sys_capset()
            guard capset >= 0 else { throw SandboxError("capset", code: ENOSYS) }
            // SECBIT_NOROOT, SECBIT_NO_SETUID_FIXUP, SECBIT_NO_CAP_AMBIENT_RAISE and their locks
            // (not SECBIT_KEEP_CAPS, whose lock keeps it off).
            let secureBits: UInt = 0b1110_1111
            guard prctl(ACTORLINGS_PR_SET_SECUREBITS, secureBits, 0, 0, 0) == 0 else { throw SandboxError("prctl(PR_SET_SECUREBITS)") }
            _ = prctl(ACTORLINGS_PR_CAP_AMBIENT, UInt(ACTORLINGS_PR_CAP_AMBIENT_CLEAR_ALL), 0, 0, 0)
            for capability in 0..<64 where prctl(ACTORLINGS_PR_CAPBSET_DROP, UInt(capability), 0, 0, 0) != 0 {
                // EINVAL: this kernel has fewer capabilities; the rest are already dropped.
                guard errno == EINVAL else { throw SandboxError("prctl(PR_CAPBSET_DROP)") }
                break
            }
            // struct __user_cap_header_struct { __u32 version; int pid; } (version 3, this process)
            // struct __user_cap_data_struct { __u32 effective, permitted, inheritable; }[2]
            var header: [UInt32] = [0x2008_0522, 0]
            var data = [UInt32](repeating: 0, count: 6)
            let result = header.withUnsafeMutableBytes { headerBytes in
                data.withUnsafeMutableBytes { dataBytes in
                    syscall(capset, Int(bitPattern: headerBytes.baseAddress), Int(bitPattern: dataBytes.baseAddress), 0, 0)
                }
            }
            guard result == 0 else { throw SandboxError("capset") }
        }
    }
#endif
