// A warehouse app, built in main actor mode. Packing stations print shipping labels through
// one shared printer.

/// Runs the printer's jobs on the driver's queue, one after another.
nonisolated final class DriverExecutor: SerialExecutor {
    private let driver: LabelDriver

    init(driver: LabelDriver) {
        self.driver = driver
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        driver.schedule {
            job.runSynchronously(on: self.asUnownedSerialExecutor())
        }
    }
}

/// The warehouse's label printer, shared by every packing station. Its code runs on the
/// driver's queue, as the driver's manual asks.
actor LabelPrinter {
    private let driver: LabelDriver
    private let executor: DriverExecutor
    /// How many labels this printer has printed.
    private(set) var printedCount = 0

    init(driver: LabelDriver) {
        self.driver = driver
        executor = DriverExecutor(driver: driver)
    }

    /// Every job of this actor runs on the driver's queue.
    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Prints the labels of one parcel, in order.
    func print(_ labels: [String]) {
        for label in labels {
            driver.feed(label)
            printedCount += 1
        }
    }
}
