// Attack: leave a process behind after the check. The grader kills its child's session, then every
// orphan re-parented to it, but takes a process that /proc/<pid>/stat shows as a zombie for
// already dead. A process whose main thread ends with the `exit` system call (not `exit_group`)
// shows as a zombie while its other threads go on running, in a session of its own.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
typealias Syscall = @convention(c) (Int, Int) -> Int

func total(_ values: [Int]) -> Int {
    // Looked up before the fork: the loader's lock may be held by another thread at that moment.
    let prctl = dlsym(nil, "prctl").map { unsafeBitCast($0, to: Prctl.self) }
    let syscall = dlsym(nil, "syscall").map { unsafeBitCast($0, to: Syscall.self) }
    let name = strdup("escaped-check")
    if fork() == 0 {
        _ = setsid()
        // PR_SET_NAME, so that the test can find what is left.
        if let prctl, let name { _ = prctl(15, UInt(bitPattern: name), 0, 0, 0) }
        var thread = pthread_t()
        let sleeper: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _ in
            sleep(20)
            _exit(0)
        }
        guard pthread_create(&thread, nil, sleeper, nil) == 0 else { _exit(0) }
        // SYS_exit ends this thread only.
        #if arch(x86_64)
            _ = syscall?(60, 0)
        #else
            _ = syscall?(93, 0)
        #endif
        _exit(0)
    }
    return values.reduce(0, +)
}
