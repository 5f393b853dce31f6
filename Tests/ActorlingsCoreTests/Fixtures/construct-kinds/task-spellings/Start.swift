typealias Job = Task<Void, Never>

func start() async {
    _ = Task {}
    _ = Task(name: "refresh") {}
    _ = Job {}
    _ = Task<Int, Never> { 1 }
    _ = Task.detached {}
    _ = Task.immediate {}
    _ = Task.immediateDetached {}
    await Task {}.value
    let make = Task<Void, Never>.init
    _ = make
}
