// Attack: block a thread on a semaphore without the name DispatchSemaphore, through
// libdispatch's C functions (the module `CDispatch`, importable from any Swift file on Linux).
import CDispatch

func total(_ values: [Int]) -> Int {
    let semaphore = dispatch_semaphore_create(1)
    _ = dispatch_semaphore_wait(semaphore, 0)
    return values.reduce(0, +)
}
