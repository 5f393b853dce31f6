func poll(on clock: any Clock<Duration>, times: Int) async throws {
    for _ in 0..<times {
        try await clock.sleep(for: .milliseconds(5))
    }
}
