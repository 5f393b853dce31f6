import ActorlingsCore
import ActorlingsSandbox
import Testing

@Suite("Sandbox policy")
struct SandboxPolicyTests {
    static let policy = SandboxPolicy(
        readable: ["/opt/swift/usr", "/usr/lib"], executable: ["/course/.actorlings/build/x/X-tests"],
        writableFolders: ["/course/.actorlings/build/x/run-1"], writableFiles: ["/course/.actorlings/build/x/events-1.jsonl", "/dev/null"],
        identity: .unprivileged)

    @Test("The launcher reads back exactly the policy and program it was given")
    func roundTrip() throws {
        let arguments = Self.policy.launcherArguments(executable: "/course/.actorlings/build/x/X-tests", arguments: ["--flag", "--"])
        let launch = try SandboxPolicy.launch(parsing: arguments)
        #expect(launch.policy == Self.policy)
        #expect(launch.executable == "/course/.actorlings/build/x/X-tests")
        #expect(launch.arguments == ["--flag", "--"])
    }

    @Test(
        "A malformed launcher command line is refused, with the reason",
        arguments: [
            ([], "must start with"),
            (["__sandbox-exec", "--read", "/a"], "no -- before the program"),
            (["__sandbox-exec", "--read"], "--read has no value"),
            (["__sandbox-exec", "--read", "relative", "--", "/bin/x"], "is not an absolute path"),
            (["__sandbox-exec", "--", "x"], "is not an absolute path"),
            (["__sandbox-exec", "--"], "no program after --"),
            (["__sandbox-exec", "--network", "/a", "--", "/x"], "unknown option --network"),
            (["__sandbox-exec", "--identity", "root", "--", "/x"], "unknown identity root"),
        ])
    func malformed(_ arguments: [String], reason: String) {
        #expect {
            try SandboxPolicy.launch(parsing: arguments)
        } throws: { error in
            (error as? SandboxPolicy.LaunchError)?.message.contains(reason) == true
        }
    }

    @Test("Landlock: each ABI handles every right it knows; rules never hold a right the ruleset doesn't handle")
    func landlockRights() {
        #expect(LandlockRights.handledFileSystem(abi: 1) == 0x1FFF)
        #expect(LandlockRights.handledFileSystem(abi: 3) == 0x7FFF)
        #expect(LandlockRights.handledFileSystem(abi: 7) == 0xFFFF)
        #expect(LandlockRights.handledNetwork(abi: 3) == 0)
        #expect(LandlockRights.handledNetwork(abi: 4) == 0b11)
        #expect(LandlockRights.scoped(abi: 5) == 0)
        #expect(LandlockRights.scoped(abi: 6) == 0b11)
        #expect(LandlockRights.rulesetAttributeSize(abi: 1) == 8)
        #expect(LandlockRights.rulesetAttributeSize(abi: 4) == 16)
        #expect(LandlockRights.rulesetAttributeSize(abi: 7) == 24)
        for abi in 1...7 {
            let handled = LandlockRights.handledFileSystem(abi: abi)
            for rights in [LandlockRights.writableFolder(abi: abi), LandlockRights.writableFile(abi: abi), LandlockRights.readable(abi: abi)] {
                #expect(LandlockRights.rule(rights, abi: abi, isDirectory: true) & ~handled == 0)
                #expect(LandlockRights.rule(rights, abi: abi, isDirectory: false) & ~LandlockRights.fileRights == 0)
            }
            // A scratch folder never lets a device be made.
            #expect(LandlockRights.writableFolder(abi: abi) & (LandlockRights.makeBlockDevice | LandlockRights.makeCharacterDevice) == 0)
        }
        // Reading never includes executing, writing or removing.
        #expect(LandlockRights.readable(abi: 7) & (LandlockRights.execute | LandlockRights.writeFile | LandlockRights.removeFile) == 0)
    }

    @Test("Seatbelt: everything denied first, then only the policy's paths; a path that could break the profile is refused")
    func seatbelt() throws {
        let profile = try Self.policy.seatbeltProfile(systemReadable: ["/System"])
        let lines = profile.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["(version 1)", "(deny default)"])
        #expect(lines.contains("(deny network*)"))
        #expect(lines.contains("(allow file-read* file-write* (subpath \"/course/.actorlings/build/x/run-1\"))"))
        #expect(lines.contains("(allow process-exec (literal \"/course/.actorlings/build/x/X-tests\"))"))
        #expect(lines.contains("(allow file-read* file-write-data (literal \"/dev/null\"))"))
        #expect(!lines.contains { $0.contains("file-write") && $0.contains("/opt/swift") })
        for path in ["/a\"b", "/a\\b", "/a\nb", "/a\u{1B}b"] {
            #expect(throws: SandboxPolicy.UnsafePath.self) {
                try SandboxPolicy(readable: [path]).seatbeltProfile(systemReadable: [])
            }
        }
    }
}

@Suite("Seccomp program")
struct SeccompProgramTests {
    static let architectures: [SeccompProgram.Architecture] = [.x86_64, .aarch64]

    @Test("Every call it refuses fails with EPERM; ordinary calls are allowed", arguments: architectures)
    func refused(_ architecture: SeccompProgram.Architecture) throws {
        let program = SeccompProgram(for: architecture)
        for name in architecture.refusedNames {
            let number = try #require(architecture.number(of: name))
            #expect(program.evaluate(syscall: number, architecture: architecture.audit) == .fail(errorNumber: 1), "\(name)")
        }
        // read, write, openat, mmap, futex, exit_group on each architecture
        let ordinary: [UInt32] = architecture == .x86_64 ? [0, 1, 257, 9, 202, 231] : [63, 64, 56, 222, 98, 94]
        for number in ordinary {
            #expect(program.evaluate(syscall: number, architecture: architecture.audit) == .allow, "\(number)")
        }
        #expect(program.instructions.count < 4096, "the kernel's BPF_MAXINSNS")
    }

    @Test("Root may not change a file's mode, owner, times or attributes; others may", arguments: architectures)
    func metadata(_ architecture: SeccompProgram.Architecture) throws {
        let plain = SeccompProgram(for: architecture)
        let root = SeccompProgram(for: architecture, asRoot: true)
        #expect(!architecture.metadataNames.isEmpty)
        for name in architecture.metadataNames {
            let number = try #require(architecture.number(of: name))
            #expect(plain.evaluate(syscall: number, architecture: architecture.audit) == .allow, "\(name)")
            #expect(root.evaluate(syscall: number, architecture: architecture.audit) == .fail(errorNumber: 1), "\(name)")
        }
    }

    @Test("Sockets: none made, only a pair of AF_UNIX; clone: no new namespace; clone3 looks absent", arguments: architectures)
    func arguments(_ architecture: SeccompProgram.Architecture) throws {
        let program = SeccompProgram(for: architecture)
        let socket = try #require(architecture.number(of: "socket"))
        let pair = try #require(architecture.number(of: "socketpair"))
        let clone = try #require(architecture.number(of: "clone"))
        let clone3 = try #require(architecture.number(of: "clone3"))
        #expect(program.evaluate(syscall: socket, architecture: architecture.audit, arguments: [1]) == .fail(errorNumber: 97))
        #expect(program.evaluate(syscall: pair, architecture: architecture.audit, arguments: [1]) == .allow)
        for family: UInt32 in [2, 10, 16, 17] {  // AF_INET, AF_INET6, AF_NETLINK, AF_PACKET
            #expect(program.evaluate(syscall: socket, architecture: architecture.audit, arguments: [family]) == .fail(errorNumber: 97))
            #expect(program.evaluate(syscall: pair, architecture: architecture.audit, arguments: [family]) == .fail(errorNumber: 97))
        }
        // A thread (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | …) and a fork.
        #expect(program.evaluate(syscall: clone, architecture: architecture.audit, arguments: [0x003D_0F00]) == .allow)
        #expect(program.evaluate(syscall: clone, architecture: architecture.audit, arguments: [17]) == .allow)
        for flag: UInt32 in [0x0002_0000, 0x1000_0000, 0x2000_0000, 0x4000_0000] {  // NEWNS, NEWUSER, NEWPID, NEWNET
            #expect(program.evaluate(syscall: clone, architecture: architecture.audit, arguments: [flag | 17]) == .fail(errorNumber: 1))
        }
        #expect(program.evaluate(syscall: clone3, architecture: architecture.audit) == .fail(errorNumber: 38))
    }

    @Test("A call made through another architecture's numbers kills the process")
    func otherArchitecture() {
        let program = SeccompProgram(for: .x86_64)
        #expect(program.evaluate(syscall: 0, architecture: 0x4000_0003) == .killProcess)  // i386
        #expect(program.evaluate(syscall: 0x4000_0001, architecture: SeccompProgram.Architecture.x86_64.audit) == .killProcess)  // x32
    }
}
