import Foundation

final class Counter {
    private let lock = NSLock()
    private var value = 0
    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
}

func count(counter: Counter) async {
    await withTaskGroup(of: Void.self) { group in
        group.addTask { counter.increment() }
    }
}
