import Testing

@testable import LabelPrinter

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// Reads the printer's count from the driver's queue, the way the maker's status callback
/// does: synchronously, trusting that the printer's actor runs there.
@concurrent private func countSeenByTheStatusCallback(
    of printer: LabelPrinter, driver: LabelDriver
) async -> Int {
    await withCheckedContinuation { continuation in
        driver.schedule {
            let count = printer.assumeIsolated { $0.printedCount }
            continuation.resume(returning: count)
        }
    }
}

@Test func everyLabelIsPrintedInOrder() async {
    let driver = LabelDriver()
    let printer = LabelPrinter(driver: driver)
    await printer.print(["parcel 1 · to", "parcel 1 · from"])
    await printer.print(["parcel 2 · to"])
    #expect(
        driver.printed == ["parcel 1 · to", "parcel 1 · from", "parcel 2 · to"],
        "when print(_:) returned, the driver had printed \(driver.printed): a label must be printed before print(_:) returns")
    #expect(await printer.printedCount == 3)
}

@Test func theDriverIsOnlyCalledOnItsQueue() async {
    let driver = LabelDriver()
    let printer = LabelPrinter(driver: driver)
    await printer.print(["parcel 1 · to", "parcel 1 · from"])
    await withDiscardingTaskGroup { group in
        for station in 1...4 {
            group.addTask { await printer.print(["station \(station)"]) }
        }
    }
    #expect(
        driver.fedOffQueue.isEmpty,
        "the driver was called off its own queue for \(driver.fedOffQueue.count) labels: the printer's code must run on the driver's queue")
}

@Test func theStatusCallbackReadsTheCountOnTheDriversQueue() async {
    // Run in a child process: a wrong claim to be on the printer's actor stops the program.
    await #expect(
        processExitsWith: .success,
        "the status callback, on the driver's queue, could not claim the printer's actor: that queue isn't recognised as where the printer's code runs, and the claim stopped the program"
    ) {
        let driver = LabelDriver()
        let printer = LabelPrinter(driver: driver)
        await printer.print(["parcel 1 · to", "parcel 1 · from"])
        let count = await countSeenByTheStatusCallback(of: printer, driver: driver)
        precondition(count == 2, "the status callback read \(count) labels instead of 2")
    }
}
