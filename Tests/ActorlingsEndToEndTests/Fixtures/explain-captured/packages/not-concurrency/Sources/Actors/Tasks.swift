@available(*, deprecated, message: "use schedule(task:)")
public func enqueue(task: Int) {}

public func schedule(task: Int) {
    let pendingTask = task
    enqueue(task: task)
}
