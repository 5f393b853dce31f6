import Testing
@testable import Bridged

@Test func doublesTheAnswer() async {
    #expect(await doubled(from: LegacyClient()) == 42)
}
