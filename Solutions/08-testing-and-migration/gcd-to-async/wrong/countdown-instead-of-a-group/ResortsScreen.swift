import Dispatch
import Synchronization

// A ski app, built in main actor mode. The resorts screen shows today's snow report of every
// resort the skier follows, in the order the skier chose.

/// The state behind the resorts screen.
final class ResortsScreen {
    let sdk: any SnowSDK
    private(set) var rows: [String] = []
    private(set) var isRefreshing = false

    init(sdk: any SnowSDK = VendorSnowSDK()) {
        self.sdk = sdk
    }

    /// Asks for every report at once, and shows them all when the last one has arrived.
    func refresh(_ resorts: [String], completion: @escaping () -> Void) {
        isRefreshing = true
        let reports = Mutex<[String: String]>([:])
        let remaining = Mutex(resorts.count)
        for resort in resorts {
            sdk.fetchReport(for: resort) { result in
                reports.withLock { $0[resort] = try? result.get() }
                // The last report to arrive shows them all, on the main queue.
                guard remaining.withLock({ $0 -= 1; return $0 == 0 }) else { return }
                let found = reports.withLock { $0 }
                DispatchQueue.main.async {
                    self.rows = resorts.map { found[$0] ?? "\($0): no report today" }
                    self.isRefreshing = false
                    completion()
                }
            }
        }
    }
}
