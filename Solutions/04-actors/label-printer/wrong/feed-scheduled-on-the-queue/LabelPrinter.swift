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

    /// Prints the labels of one parcel, in order.
    func print(_ labels: [String]) {
        for label in labels {
            driver.schedule { [driver] in driver.feed(label) }
            printedCount += 1
        }
    }
}
