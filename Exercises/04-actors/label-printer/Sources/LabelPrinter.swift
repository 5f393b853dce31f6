// A warehouse app, built in main actor mode. Packing stations print shipping labels through
// one shared printer.

/// The warehouse's label printer, shared by every packing station.
actor LabelPrinter {
    private let driver: LabelDriver
    /// How many labels this printer has printed.
    private(set) var printedCount = 0

    init(driver: LabelDriver) {
        self.driver = driver
    }

    // TODO: under load the labels come out garbled, and the printer's maker says the app calls
    // the driver from threads other than the driver's own queue, which its manual forbids. The
    // maker's status callback must also be able to read `printedCount` right where it runs, on
    // that queue, without waiting.

    /// Prints the labels of one parcel, in order.
    func print(_ labels: [String]) {
        for label in labels {
            driver.feed(label)
            printedCount += 1
        }
    }
}
