// swiftc-flags:
/// Read-only settings shared by every request; meant to be subclassed per environment.
class APIConfiguration: Sendable {
    let baseURL: String
    let timeout: Double

    init(baseURL: String, timeout: Double) {
        self.baseURL = baseURL
        self.timeout = timeout
    }
}
