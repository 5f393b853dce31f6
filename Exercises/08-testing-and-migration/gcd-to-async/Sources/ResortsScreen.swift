import Dispatch

// A ski app, built in main actor mode. The resorts screen shows today's snow report of every
// resort the skier follows, in the order the skier chose.

// TODO: skiers report that, now and then, a resort is missing from the list after a refresh,
// and once the app crashed while refreshing. QA can't write a test that knows when a refresh
// is over. And this file doesn't build in Swift 6.

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
        let group = DispatchGroup()
        var reports: [String: String] = [:]
        for resort in resorts {
            group.enter()
            sdk.fetchReport(for: resort) { result in
                reports[resort] = try? result.get()
                group.leave()
            }
        }
        group.notify(queue: .main) {
            self.rows = resorts.map { reports[$0] ?? "\($0): no report today" }
            self.isRefreshing = false
            completion()
        }
    }
}
