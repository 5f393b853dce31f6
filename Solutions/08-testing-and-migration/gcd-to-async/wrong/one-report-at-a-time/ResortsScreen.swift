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
        var rows: [String] = []
        for resort in resorts {
            let report = try? await sdk.report(for: resort)
            rows.append(report ?? "\(resort): no report today")
        }
        self.rows = rows
        isRefreshing = false
    }
}
