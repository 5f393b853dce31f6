func settle() async {
    try? await Task.sleep(for: .milliseconds(1))
}

func run(times: Int) async {
    await settle()
    for index in 0..<times {
        _ = index
    }
}
