import Synchronization

// A car ferry's check-in. The booth checks a whole lane of cars in at once; the car deck, an
// actor, decides which cars fit. Every car is weighed on the harbour's weighbridge first.

/// The harbour's weighbridge: `true` if the car may board. Weighing takes a while.
typealias Weighbridge = @Sendable (_ plate: String) async -> Bool

/// A car in the lane, as the booth's camera reads it. A value: each task gets its own copy.
struct Car {
    let plate: String
    /// Bumper to bumper, in centimetres.
    var length: Int
}

/// The car deck of one sailing. Its books are behind a lock, so that boarding need not wait
/// for the deck's turn.
actor Deck {
    /// The length of lane the deck has, in centimetres.
    let capacity: Int
    private let weighbridge: Weighbridge
    private let books = Mutex<(used: Int, plates: [String])>((0, []))

    var used: Int { books.withLock { $0.used } }
    var plates: [String] { books.withLock { $0.plates } }

    init(capacity: Int, weighbridge: @escaping Weighbridge) {
        self.capacity = capacity
        self.weighbridge = weighbridge
    }

    /// Lets `car` on if it fits and the weighbridge accepts it.
    nonisolated func board(_ car: Car) async -> Bool {
        let used = books.withLock { $0.used }
        guard used + car.length <= capacity else { return false }
        // Take the space before the `await`: while this car is weighed, others may board.
        books.withLock { $0.used += car.length }
        guard await weighbridge(car.plate) else {
            books.withLock { $0.used -= car.length }
            return false
        }
        books.withLock { $0.plates.append(car.plate) }
        return true
    }
}

/// The check-in booth.
struct Booth {
    let deck: Deck

    /// Checks in the whole lane at once. Returns the plates of the cars that must wait for the
    /// next sailing, in the order of the lane.
    func checkIn(_ lane: [Car]) async -> [String] {
        let boarded = await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, car) in lane.enumerated() {
                group.addTask { (index, await deck.board(car)) }
            }
            var boarded = Array(repeating: false, count: lane.count)
            for await (index, didBoard) in group {
                boarded[index] = didBoard
            }
            return boarded
        }
        return lane.indices.filter { !boarded[$0] }.map { lane[$0].plate }
    }
}
