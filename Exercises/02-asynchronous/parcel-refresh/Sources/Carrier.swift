// The carrier's SDK, which this exercise doesn't change. Built in main actor mode.

/// What the carrier reports about a parcel.
enum TrackingEvent: Equatable {
    /// A scan on the way, such as "Leipzig hub". Not the last event.
    case scanned(String)
    /// The parcel should arrive on this day.
    case expected(String)
    case delivered
    /// The carrier has no parcel with this number.
    case notFound
}

/// The carrier's SDK, written before Swift concurrency.
protocol CarrierSDK {
    /// Reports on one parcel through `handler`: any number of `.scanned` events first, then
    /// exactly one of `.expected`, `.delivered` or `.notFound`. Ask about one parcel at a
    /// time: the carrier refuses a second request while one is under way.
    func track(_ trackingNumber: String, handler: @escaping (TrackingEvent) -> Void)
}
