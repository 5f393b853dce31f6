func poll<C: Clock>(on clock: C, until done: () -> Bool) async throws where C.Duration == Duration {
    while !done() {
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(5)), tolerance: nil)
    }
}
