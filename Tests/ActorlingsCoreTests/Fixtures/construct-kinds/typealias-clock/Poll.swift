typealias Wait = ContinuousClock

func poll(_ score: () -> Int) async throws {
    var last = score()
    while last == score() {
        try await Wait().sleep(for: .zero)
    }
    last = score()
}
