protocol Waiter: Sendable { func wait() async }

struct Yielder: Waiter {
    func wait() async { await Task.yield() }
}

func poll(_ waiter: any Waiter, until done: () -> Bool) async {
    while !done() { await waiter.wait() }
}
