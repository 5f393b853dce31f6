import Testing

@testable import Quota

@Test func takesAsManyAsAsked() async {
    let quota = Quota(5)
    #expect(await takeMany(2, from: quota) == 2, "two requests asked for, two taken")
    #expect(await quota.remaining == 3)
}

@Test func aCancelledBatchTakesNothing() async {
    let quota = Quota(5)
    await withTaskGroup(of: Void.self) { group in
        group.cancelAll()
        group.addTask { _ = await takeMany(3, from: quota) }
    }
    #expect(await quota.remaining == 5, "a batch cancelled before it begins took requests")
}

@Test func toppingUpStopsWhenCancelled() async {
    let quota = Quota(0)
    let topping = Task { await keepToppedUp(quota) }
    topping.cancel()
    await topping.value
}

@Test func countsWords() async {
    #expect(await wordCount("two words") == 2)
}
