// Don't change this file: it is the cinema's seat map, shared by every screen of the app.

/// Which seats of one show are held by someone who is choosing, and which are sold.
final class SeatMap {
    private(set) var held: Set<String> = []
    private(set) var sold: Set<String> = []

    /// Holds `seat` for a customer who is choosing. Returns `false` if it is taken.
    func hold(_ seat: String) -> Bool {
        guard !held.contains(seat), !sold.contains(seat) else { return false }
        held.insert(seat)
        return true
    }

    /// Gives seats back, so that other customers can choose them: held ones, and sold ones
    /// (a refund).
    func release(_ seats: Set<String>) {
        held.subtract(seats)
        sold.subtract(seats)
    }

    /// Turns held seats into sold ones.
    func sell(_ seats: Set<String>) {
        held.subtract(seats)
        sold.formUnion(seats)
    }

    func isFree(_ seat: String) -> Bool { !held.contains(seat) && !sold.contains(seat) }
}
