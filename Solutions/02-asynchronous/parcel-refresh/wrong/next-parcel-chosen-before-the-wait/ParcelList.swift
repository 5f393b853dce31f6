// A parcel-tracking app, built in main actor mode. The list screen shows each parcel's status;
// pulling down refreshes it, and the user can swipe a parcel away at any time.

/// One parcel on the list, and what the carrier said about it last.
struct Parcel: Equatable {
    let trackingNumber: String
    var status = "Not checked yet"
}

/// What the carrier says about a parcel now.
func latestStatus(of trackingNumber: String, from carrier: any CarrierSDK) async -> String {
    await withCheckedContinuation { continuation in
        carrier.track(trackingNumber) { event in
            switch event {
            // Scans come before the last event: resuming here would resume twice.
            case .scanned: break
            case .expected(let day): continuation.resume(returning: "Expected \(day)")
            case .delivered: continuation.resume(returning: "Delivered")
            case .notFound: continuation.resume(returning: "Unknown to the carrier")
            }
        }
    }
}

/// The state behind the list screen.
final class ParcelList {
    let carrier: any CarrierSDK
    private(set) var parcels: [Parcel]

    init(trackingNumbers: [String], carrier: any CarrierSDK) {
        self.carrier = carrier
        parcels = trackingNumbers.map { Parcel(trackingNumber: $0) }
    }

    /// Pull to refresh: asks the carrier about every parcel, one after another.
    func refresh() async {
        var number = parcels.first?.trackingNumber
        while let current = number {
            // Which parcel comes next, decided now: the current one may be swiped away while we wait.
            let next = parcels.firstIndex(where: { $0.trackingNumber == current })
                .flatMap { $0 + 1 < parcels.count ? parcels[$0 + 1].trackingNumber : nil }
            let status = await latestStatus(of: current, from: carrier)
            // The list may have changed while we waited: find the parcel again.
            if let index = parcels.firstIndex(where: { $0.trackingNumber == current }) {
                parcels[index].status = status
            }
            number = next
        }
    }

    /// Swipe to remove.
    func remove(_ trackingNumber: String) {
        parcels.removeAll { $0.trackingNumber == trackingNumber }
    }

    /// The line above the list: "1 of 3 delivered".
    var headline: String {
        let delivered = parcels.filter { $0.status == "Delivered" }.count
        return parcels.isEmpty ? "No parcels" : "\(delivered) of \(parcels.count) delivered"
    }
}
