#if os(Linux)
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

        /// `syscall(2)` is variadic in C, so Swift doesn't import it; every call here passes integers,
        /// four after the number (the unused ones 0: the kernel rejects a nonzero `flags`).
        private typealias Syscall = @convention(c) (Int, Int, Int, Int, Int) -> Int
        private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

        private static let landlockCreateRuleset = 444
        private static let landlockAddRule = 445
        private static let landlockRestrictSelf = 446
        private static let landlockCreateRulesetVersion = 1
        private static let landlockRulePathBeneath = 1
        private static let prSetNoNewPrivileges: Int32 = 38
        private static let prSetSeccomp: Int32 = 22
        private static let prGetSeccomp: Int32 = 21
        private static let seccompModeFilter: UInt = 2
        private static let prSetSecureBits: Int32 = 28
        private static let prCapabilityBoundingSetDrop: Int32 = 24
        private static let prCapabilityAmbient: Int32 = 47
        private static let prCapabilityAmbientClearAll: UInt = 4
        /// `O_PATH`: a handle on a path that can't be read or written through, for Landlock rules.
        private static let openPathOnly: Int32 = 0o10000000

        #if arch(x86_64)
            private static let architecture = SeccompProgram.Architecture.x86_64
            private static let capsetNumber = 126
        #elseif arch(arm64)
            private static let architecture = SeccompProgram.Architecture.aarch64
            private static let capsetNumber = 91
        #else
            private static let capsetNumber = -1
        #endif

        private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
            dlsym(nil, name).map { unsafeBitCast($0, to: type) }
        }

        /// The Landlock ABI version of this kernel, or why there is none.
        static func landlockABI() -> Result<Int, SandboxError> {
            guard let syscall = function("syscall", as: Syscall.self) else { return .failure(SandboxError("syscall", code: ENOSYS)) }
            let version = syscall(landlockCreateRuleset, 0, 0, landlockCreateRulesetVersion, 0)
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
                guard let prctl = function("prctl", as: Prctl.self), prctl(prGetSeccomp, 0, 0, 0, 0) >= 0 else {
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
                guard let syscall = function("syscall", as: Syscall.self), let prctl = function("prctl", as: Prctl.self) else {
                    throw SandboxError("dlsym", code: ENOSYS)
                }
                let abi = try landlockABI().get()
                let ruleset = try makeRuleset(policy, abi: abi, syscall: syscall)
                defer { close(ruleset) }
                guard prctl(prSetNoNewPrivileges, 1, 0, 0, 0) == 0 else { throw SandboxError("prctl(PR_SET_NO_NEW_PRIVS)") }
                guard syscall(landlockRestrictSelf, Int(ruleset), 0, 0, 0) == 0 else { throw SandboxError("landlock_restrict_self") }
                try installSeccomp(prctl: prctl, asRoot: geteuid() == 0)
            #endif
        }

        private static func makeRuleset(_ policy: SandboxPolicy, abi: Int, syscall: Syscall) throws(SandboxError) -> Int32 {
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
                    for path in grant.paths { try addRule(path, rights: grant.rights, ruleset: Int32(ruleset), abi: abi, syscall: syscall) }
                }
            } catch {
                close(Int32(ruleset))
                throw error
            }
            return Int32(ruleset)
        }

        private static func addRule(_ path: String, rights: UInt64, ruleset: Int32, abi: Int, syscall: Syscall) throws(SandboxError) {
            let descriptor = open(path, openPathOnly | O_CLOEXEC)
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
                syscall(landlockAddRule, Int(ruleset), landlockRulePathBeneath, Int(bitPattern: $0.baseAddress), 0)
            }
            guard added == 0 else { throw SandboxError("landlock_add_rule \(path)") }
        }

        private static func installSeccomp(prctl: Prctl, asRoot: Bool) throws(SandboxError) {
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
                        return prctl(prSetSeccomp, seccompModeFilter, UInt(bitPattern: bytes.baseAddress), 0, 0)
                    }
                }
                guard installed == 0 else { throw SandboxError("prctl(PR_SET_SECCOMP)") }
            #endif
        }

        /// Root without capabilities: the bounding and ambient sets emptied, the secure bits that
        /// keep `execve` from granting them again locked, and every set cleared.
        static func dropCapabilities() throws(SandboxError) {
            guard let prctl = function("prctl", as: Prctl.self), let syscall = function("syscall", as: Syscall.self) else {
                throw SandboxError("dlsym", code: ENOSYS)
            }
            // SECBIT_NOROOT, SECBIT_NO_SETUID_FIXUP, SECBIT_NO_CAP_AMBIENT_RAISE and their locks
            // (not SECBIT_KEEP_CAPS, whose lock keeps it off).
            let secureBits: UInt = 0b1110_1111
            guard prctl(prSetSecureBits, secureBits, 0, 0, 0) == 0 else { throw SandboxError("prctl(PR_SET_SECUREBITS)") }
            _ = prctl(prCapabilityAmbient, prCapabilityAmbientClearAll, 0, 0, 0)
            for capability in 0..<64 where prctl(prCapabilityBoundingSetDrop, UInt(capability), 0, 0, 0) != 0 {
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
                    syscall(capsetNumber, Int(bitPattern: headerBytes.baseAddress), Int(bitPattern: dataBytes.baseAddress), 0, 0)
                }
            }
            guard result == 0 else { throw SandboxError("capset") }
        }
    }
#endif
