// A cinema app, built in main actor mode. The seat picker is the screen where a customer taps
// the seats they want, then pays. Seats they tap are held for them on the show's seat map.

// TODO: the box office reports seats that show as taken although nobody bought them. It
// happens every time a customer opens the seat picker, taps a few seats, and then leaves the
// screen without paying: the seats stay held for ever. Seats that were paid for must stay sold.

/// The state behind the seat picker. The screen creates it when it opens, and lets go of it
/// when it closes, whether or not the customer paid.
final class SeatPickerModel {
    private let seatMap: SeatMap
    private(set) var chosen: Set<String> = []
    private(set) var paid = false

    init(seatMap: SeatMap) {
        self.seatMap = seatMap
    }

    /// The customer tapped a seat. Returns `false` if someone else holds it, or bought it.
    func choose(_ seat: String) -> Bool {
        guard seatMap.hold(seat) else { return false }
        chosen.insert(seat)
        return true
    }

    /// The payment went through.
    func pay() {
        seatMap.sell(chosen)
        paid = true
    }
}
