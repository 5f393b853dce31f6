// swiftc-flags:
func runInBackground(_ work: @escaping @Sendable () -> Void) {}

func scheduleCleanup(directory: String) {
    func cleanUp() {
        print("removing \(directory)")
    }
    runInBackground {
        cleanUp()
    }
}
