/// The classic-BPF program the Linux launcher installs with seccomp before it executes a test
/// binary: the system calls no test needs and that would reach past the sandbox are refused.
///
/// Pure data, so it is tested by running it (``evaluate(syscall:architecture:arguments:)``)
/// rather than by trusting its layout. Refused calls fail with an error number, not a kill: a
/// test that tries one sees an ordinary failure, and the verdict stays readable.
public struct SeccompProgram: Sendable, Equatable {
    /// One `struct sock_filter`: `code`, `jt`, `jf`, `k`, in the kernel's layout.
    public struct Instruction: Sendable, Equatable {
        public var code: UInt16
        public var jumpIfTrue: UInt8
        public var jumpIfFalse: UInt8
        public var constant: UInt32
    }

    /// A CPU architecture the program knows the system call numbers of.
    public struct Architecture: Sendable, Equatable {
        /// `AUDIT_ARCH_*`, compared with `seccomp_data.arch` first: a call made through another
        /// ABI (32-bit `int 0x80` on x86-64) has other numbers and is refused whole.
        public var audit: UInt32
        public var name: String
        /// Calls refused with `EPERM`.
        var refused: [String: UInt32]
        /// Changing a file's mode, owner, times or extended attributes, which Landlock does not
        /// govern: refused with `EPERM` when the process is root (without capabilities, it still
        /// owns every file root owns).
        var metadata: [String: UInt32]
        var socket: UInt32
        var socketPair: UInt32
        var clone: UInt32
        var clone3: UInt32
        /// x86-64's x32 ABI sets this bit in the number; it is refused whole.
        var x32Bit: UInt32?

        /// From `asm/unistd_64.h`.
        public static let x86_64 = Architecture(
            audit: 0xC000_003E, name: "x86_64",
            refused: [
                "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "mount": 165, "umount2": 166,
                "pivot_root": 155, "chroot": 161, "unshare": 272, "setns": 308, "keyctl": 250, "add_key": 248,
                "request_key": 249, "bpf": 321, "perf_event_open": 298, "kexec_load": 246, "kexec_file_load": 320,
                "init_module": 175, "finit_module": 313, "delete_module": 176, "userfaultfd": 323,
                "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427, "connect": 42, "bind": 49,
                "listen": 50, "accept": 43, "accept4": 288, "quotactl": 179, "swapon": 167, "swapoff": 168,
                "reboot": 169, "acct": 163, "syslog": 103, "memfd_create": 319,
            ].merging(newMountCalls) { $1 },
            metadata: [
                "chmod": 90, "fchmod": 91, "fchmodat": 268, "fchmodat2": 452, "chown": 92, "fchown": 93, "lchown": 94, "fchownat": 260,
                "utime": 132, "utimes": 235, "utimensat": 280, "futimesat": 261, "setxattr": 188, "lsetxattr": 189, "fsetxattr": 190,
                "removexattr": 197, "lremovexattr": 198, "fremovexattr": 199,
            ],
            socket: 41, socketPair: 53, clone: 56, clone3: 435, x32Bit: 0x4000_0000)

        /// From `asm-generic/unistd.h`.
        public static let aarch64 = Architecture(
            audit: 0xC000_00B7, name: "aarch64",
            refused: [
                "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271, "mount": 40, "umount2": 39,
                "pivot_root": 41, "chroot": 51, "unshare": 97, "setns": 268, "keyctl": 219, "add_key": 217,
                "request_key": 218, "bpf": 280, "perf_event_open": 241, "kexec_load": 104, "kexec_file_load": 294,
                "init_module": 105, "finit_module": 273, "delete_module": 106, "userfaultfd": 282,
                "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427, "connect": 203, "bind": 200,
                "listen": 201, "accept": 202, "accept4": 242, "quotactl": 60, "swapon": 224, "swapoff": 225,
                "reboot": 142, "acct": 89, "syslog": 116, "memfd_create": 279,
            ].merging(newMountCalls) { $1 },
            metadata: [
                "fchmod": 52, "fchmodat": 53, "fchmodat2": 452, "fchown": 55, "fchownat": 54, "utimensat": 88, "setxattr": 5, "lsetxattr": 6,
                "fsetxattr": 7, "removexattr": 14, "lremovexattr": 15, "fremovexattr": 16,
            ],
            socket: 198, socketPair: 199, clone: 220, clone3: 435, x32Bit: nil)

        /// The new mount API has the same numbers on every architecture.
        private static let newMountCalls: [String: UInt32] = [
            "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
            "mount_setattr": 442,
        ]

        /// The number of a call this program refuses or inspects, by name (for tests and messages).
        public func number(of name: String) -> UInt32? {
            switch name {
            case "socket": socket
            case "socketpair": socketPair
            case "clone": clone
            case "clone3": clone3
            default: refused[name] ?? metadata[name]
            }
        }

        /// The names of the calls refused outright.
        public var refusedNames: [String] { refused.keys.sorted() }

        /// The names of the calls refused to a process that is root.
        public var metadataNames: [String] { metadata.keys.sorted() }
    }

    public var instructions: [Instruction]

    // The classic-BPF opcodes used (linux/bpf_common.h).
    static let loadWord: UInt16 = 0x20  // BPF_LD | BPF_W | BPF_ABS
    static let jumpIfEqual: UInt16 = 0x15  // BPF_JMP | BPF_JEQ | BPF_K
    static let jumpIfAtLeast: UInt16 = 0x35  // BPF_JMP | BPF_JGE | BPF_K
    static let jumpIfAnyBit: UInt16 = 0x45  // BPF_JMP | BPF_JSET | BPF_K
    static let returnConstant: UInt16 = 0x06  // BPF_RET | BPF_K

    static let allow: UInt32 = 0x7FFF_0000  // SECCOMP_RET_ALLOW
    static let killProcess: UInt32 = 0x8000_0000  // SECCOMP_RET_KILL_PROCESS
    static func fail(_ errorNumber: UInt32) -> UInt32 { 0x0005_0000 | (errorNumber & 0xFFFF) }  // SECCOMP_RET_ERRNO

    static let EPERM: UInt32 = 1
    static let ENOSYS: UInt32 = 38
    static let EAFNOSUPPORT: UInt32 = 97
    static let AF_UNIX: UInt32 = 1
    /// `CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID |
    /// CLONE_NEWNET`. (`CLONE_NEWTIME`, 0x80, is only meaningful to `clone3` and `unshare`; in
    /// `clone`'s flags that bit belongs to the exit signal.)
    static let newNamespaceFlags: UInt32 = 0x7E02_0000

    // Offsets in `struct seccomp_data`: nr, arch, instruction pointer, then six 64-bit arguments;
    // the low half of an argument comes first on a little-endian machine.
    static let numberOffset: UInt32 = 0
    static let architectureOffset: UInt32 = 4
    static func argumentOffset(_ index: UInt32) -> UInt32 { 16 + 8 * index }

    /// The program for one architecture: refuse what no test needs, allow the rest.
    ///
    /// - other architectures or ABIs: killed (a call with numbers this program doesn't know);
    /// - namespaces, mounts, tracing other processes, keyrings, BPF, kernel modules, `io_uring`
    ///   (whose operations seccomp cannot see), `memfd_create` (a file Landlock does not govern,
    ///   which could be executed): `EPERM`;
    /// - `socket` of any family (`EAFNOSUPPORT`), and `connect`, `bind`, `listen`, `accept`
    ///   (`EPERM`): no network, and no datagram to a Unix socket named by a path (a daemon's).
    ///   A `socketpair` of `AF_UNIX` between the process's own threads still works.
    /// - `clone` with a new-namespace flag: `EPERM`; `clone3`: `ENOSYS`, so the C library falls
    ///   back to `clone`, whose flags this program can read (`clone3` passes them in memory).
    /// - with `asRoot`, changes of a file's mode, owner, times or extended attributes: `EPERM`.
    public init(for architecture: Architecture, asRoot: Bool = false) {
        var code: [Instruction] = []
        func emit(_ opcode: UInt16, _ constant: UInt32, _ jumpIfTrue: UInt8 = 0, _ jumpIfFalse: UInt8 = 0) {
            code.append(Instruction(code: opcode, jumpIfTrue: jumpIfTrue, jumpIfFalse: jumpIfFalse, constant: constant))
        }
        emit(Self.loadWord, Self.architectureOffset)
        emit(Self.jumpIfEqual, architecture.audit, 1, 0)
        emit(Self.returnConstant, Self.killProcess)
        emit(Self.loadWord, Self.numberOffset)
        if let x32Bit = architecture.x32Bit {
            emit(Self.jumpIfAtLeast, x32Bit, 0, 1)
            emit(Self.returnConstant, Self.killProcess)
        }
        for number in (architecture.refused.values.sorted() + (asRoot ? architecture.metadata.values.sorted() : [])) {
            emit(Self.jumpIfEqual, number, 0, 1)
            emit(Self.returnConstant, Self.fail(Self.EPERM))
        }
        emit(Self.jumpIfEqual, architecture.socket, 0, 1)
        emit(Self.returnConstant, Self.fail(Self.EAFNOSUPPORT))
        emit(Self.jumpIfEqual, architecture.clone3, 0, 1)
        emit(Self.returnConstant, Self.fail(Self.ENOSYS))
        // Each block below ends in a return on both of its paths, so a call it doesn't concern
        // jumps over the whole block with the call's number still loaded.
        emit(Self.jumpIfEqual, architecture.socketPair, 0, 4)
        emit(Self.loadWord, Self.argumentOffset(0))
        emit(Self.jumpIfEqual, Self.AF_UNIX, 0, 1)
        emit(Self.returnConstant, Self.allow)
        emit(Self.returnConstant, Self.fail(Self.EAFNOSUPPORT))
        emit(Self.jumpIfEqual, architecture.clone, 0, 4)
        emit(Self.loadWord, Self.argumentOffset(0))
        emit(Self.jumpIfAnyBit, Self.newNamespaceFlags, 0, 1)
        emit(Self.returnConstant, Self.fail(Self.EPERM))
        emit(Self.returnConstant, Self.allow)
        emit(Self.returnConstant, Self.allow)
        instructions = code
    }

    /// What the kernel would decide for one call: runs the program as the kernel's interpreter
    /// does, on a `seccomp_data` built from the arguments (low 32 bits of each argument).
    public func evaluate(syscall number: UInt32, architecture audit: UInt32, arguments: [UInt32] = []) -> Decision {
        func word(at offset: UInt32) -> UInt32 {
            switch offset {
            case Self.numberOffset: return number
            case Self.architectureOffset: return audit
            default:
                let index = Int((offset - 16) / 8)
                return (offset >= 16 && (offset - 16) % 8 == 0 && index < arguments.count) ? arguments[index] : 0
            }
        }
        var accumulator: UInt32 = 0
        var pc = 0
        while pc < instructions.count {
            let instruction = instructions[pc]
            switch instruction.code {
            case Self.loadWord:
                accumulator = word(at: instruction.constant)
                pc += 1
            case Self.jumpIfEqual:
                pc += 1 + Int(accumulator == instruction.constant ? instruction.jumpIfTrue : instruction.jumpIfFalse)
            case Self.jumpIfAtLeast:
                pc += 1 + Int(accumulator >= instruction.constant ? instruction.jumpIfTrue : instruction.jumpIfFalse)
            case Self.jumpIfAnyBit:
                pc += 1 + Int(accumulator & instruction.constant != 0 ? instruction.jumpIfTrue : instruction.jumpIfFalse)
            case Self.returnConstant:
                return Decision(instruction.constant)
            default:
                return .invalidProgram
            }
        }
        return .invalidProgram
    }

    /// A seccomp return value, read back.
    public enum Decision: Sendable, Equatable {
        case allow
        case fail(errorNumber: UInt32)
        case killProcess
        /// The program ran off its end or used an opcode the kernel would reject at install.
        case invalidProgram

        init(_ value: UInt32) {
            switch value & 0xFFFF_0000 {
            case SeccompProgram.allow: self = .allow
            case 0x0005_0000: self = .fail(errorNumber: value & 0xFFFF)
            case SeccompProgram.killProcess: self = .killProcess
            default: self = .invalidProgram
            }
        }
    }
}
