import Lib

func helper(_ model: Model) async { await model.search("a") }

@MainActor func drive(_ model: Model) async {
    let first = Task { await model.search("bl") }
    await Task {}.value
    let second = Task { await helper(model) }
    let idle = Task { _ = model.count }
    await idle.value
    await Task { await Task.yield() }.value
    let third = Task.detached { await model.search("blue") }
    _ = await (first.value, second.value, third.value)
    async let older: Void = model.search("bl")
    async let pause: Void = ()
    await pause
    await withTaskGroup(of: Void.self) { group in group.addTask {} }
    await withTaskGroup(of: Void.self) { group in group.addTask { await model.search("blues") } }
    await older
}
