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
    func refresh(_ resorts: [String], completion: @escaping @Sendable () -> Void) {
        isRefreshing = true
        let group = DispatchGroup()
        let reports = Mutex<[String: String]>([:])
        for resort in resorts {
            group.enter()
            sdk.fetchReport(for: resort) { result in
                reports.withLock { $0[resort] = try? result.get() }
                group.leave()
            }
        }
        group.notify(queue: .main) {
            let found = reports.withLock { $0 }
            self.rows = resorts.map { found[$0] ?? "\($0): no report today" }
            self.isRefreshing = false
            completion()
        }
    }
}
