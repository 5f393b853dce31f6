import Testing
@testable import Sanitized

// It takes its time, so that the screen tests see the progress line count seconds however fast
// the compile is (its object may be cached).
@Test func tallies() async throws {
    try await Task.sleep(for: .seconds(3))
    #expect(tally([1, 2, 3]) == 6)
}
