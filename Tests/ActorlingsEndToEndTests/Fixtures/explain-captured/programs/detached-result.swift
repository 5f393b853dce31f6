final class Report {
    var lines: [String] = []
}

func makeReport() async -> Int {
    let task = Task.detached { Report() }
    return await task.value.lines.count
}
