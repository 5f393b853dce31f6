func poll(times: Int) async {
    let pause = { try? await SuspendingClock().sleep(for: .zero) }
    for _ in 0..<times {
        await pause()
    }
}
