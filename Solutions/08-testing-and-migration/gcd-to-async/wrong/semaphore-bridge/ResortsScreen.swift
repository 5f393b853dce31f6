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
    func refresh(_ resorts: [String]) async {
        isRefreshing = true
        let sdk = sdk
        // Child tasks instead of a dispatch group: each returns its report, with its position,
        // and only this function collects them, so nothing is shared between the requests.
        rows = await withTaskGroup(of: (Int, String).self) { group in
            for (position, resort) in resorts.enumerated() {
                group.addTask {
                    let report = try? await sdk.report(for: resort)
                    return (position, report ?? "\(resort): no report today")
                }
            }
            var rows = Array(repeating: "", count: resorts.count)
            for await (position, row) in group {
                rows[position] = row
            }
            return rows
        }
        isRefreshing = false
    }
}
