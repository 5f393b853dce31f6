// A cinema app, built in main actor mode. The seat picker is the screen where a customer taps
// the seats they want, then pays. Seats they tap are held for them on the show's seat map.

/// The state behind the seat picker. The screen creates it when it opens, and lets go of it
/// when it closes, whether or not the customer paid.
final class SeatPickerModel {
    private let seatMap: SeatMap
    private(set) var chosen: Set<String> = []
    private(set) var paid = false

    init(seatMap: SeatMap) {
        self.seatMap = seatMap
    }

    // Releases the seats when the screen lets go of the picker without paying.
    deinit {
        if !paid {
            seatMap.release(chosen)
        }
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
