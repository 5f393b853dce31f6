import Testing
@testable import Hangs

@Test func finishes() async {
    await waitForever()
}
