// swiftc-flags: -default-isolation MainActor
func scheduleRetries() {
    var attempt = 0
    Task { print("retrying, attempt \(attempt)") }
    attempt += 1
}
