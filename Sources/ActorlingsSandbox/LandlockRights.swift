/// Landlock's access rights (`linux/landlock.h`), and which of them a ruleset handles at each ABI
/// version, so that the launcher asks the running kernel for exactly what it can enforce.
///
/// A right a ruleset *handles* is denied everywhere except beneath the paths a rule grants it
/// for; a right it doesn't handle stays allowed. Handling every right the kernel knows and
/// granting few is what makes the policy a wall.
public enum LandlockRights {
    public static let execute: UInt64 = 1 << 0
    public static let writeFile: UInt64 = 1 << 1
    public static let readFile: UInt64 = 1 << 2
    public static let readDirectory: UInt64 = 1 << 3
    public static let removeDirectory: UInt64 = 1 << 4
    public static let removeFile: UInt64 = 1 << 5
    public static let makeCharacterDevice: UInt64 = 1 << 6
    public static let makeDirectory: UInt64 = 1 << 7
    public static let makeRegularFile: UInt64 = 1 << 8
    public static let makeSocket: UInt64 = 1 << 9
    public static let makeFIFO: UInt64 = 1 << 10
    public static let makeBlockDevice: UInt64 = 1 << 11
    public static let makeSymlink: UInt64 = 1 << 12
    /// ABI 2: link or rename a file into another folder.
    public static let refer: UInt64 = 1 << 13
    /// ABI 3: truncate a file (`O_TRUNC`, `ftruncate`).
    public static let truncate: UInt64 = 1 << 14
    /// ABI 5: `ioctl` on a device file.
    public static let ioctlDevice: UInt64 = 1 << 15

    /// ABI 4: TCP `bind` and `connect`.
    public static let bindTCP: UInt64 = 1 << 0
    public static let connectTCP: UInt64 = 1 << 1

    /// ABI 6: connecting to an abstract Unix socket, and sending a signal, outside the sandbox.
    public static let scopeAbstractUnixSocket: UInt64 = 1 << 0
    public static let scopeSignal: UInt64 = 1 << 1

    /// The rights that make sense on a file (rather than a folder) in a rule.
    public static let fileRights: UInt64 = execute | writeFile | readFile | truncate | ioctlDevice

    /// Every file-system right the kernel of this ABI version knows.
    public static func handledFileSystem(abi: Int) -> UInt64 {
        var rights: UInt64 = (1 << 13) - 1
        if abi >= 2 { rights |= refer }
        if abi >= 3 { rights |= truncate }
        if abi >= 5 { rights |= ioctlDevice }
        return rights
    }

    /// Every network right of this ABI version: none are granted, so no TCP at all.
    public static func handledNetwork(abi: Int) -> UInt64 { abi >= 4 ? bindTCP | connectTCP : 0 }

    /// The scopes of this ABI version: no abstract socket, no signal, beyond the sandbox.
    public static func scoped(abi: Int) -> UInt64 { abi >= 6 ? scopeAbstractUnixSocket | scopeSignal : 0 }

    /// `sizeof(struct landlock_ruleset_attr)` as this ABI version knows it: the kernel rejects
    /// fields it doesn't know, so an older kernel gets a shorter structure.
    public static func rulesetAttributeSize(abi: Int) -> Int { abi >= 6 ? 24 : abi >= 4 ? 16 : 8 }

    /// What the policy grants beneath a readable path.
    public static func readable(abi: Int) -> UInt64 { readFile | readDirectory }

    /// What the policy grants on an executable file.
    public static func executable(abi: Int) -> UInt64 { readFile | execute }

    /// What the policy grants beneath a writable folder: everything but making devices.
    public static func writableFolder(abi: Int) -> UInt64 {
        handledFileSystem(abi: abi) & ~(makeCharacterDevice | makeBlockDevice | ioctlDevice)
    }

    /// What the policy grants on a writable file: write it, truncate it, read it back.
    public static func writableFile(abi: Int) -> UInt64 {
        (writeFile | readFile | truncate) & handledFileSystem(abi: abi)
    }

    /// The rights of a rule, restricted to what a rule on this kind of path may hold and to what
    /// the ruleset handles (the kernel refuses a rule with any other bit).
    public static func rule(_ rights: UInt64, abi: Int, isDirectory: Bool) -> UInt64 {
        rights & handledFileSystem(abi: abi) & (isDirectory ? ~0 : fileRights)
    }
}
