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

/// The car deck of one sailing.
actor Deck {
    /// The length of lane the deck has, in centimetres.
    let capacity: Int
    private let weighbridge: Weighbridge
    private(set) var used = 0
    private(set) var plates: [String] = []

    init(capacity: Int, weighbridge: @escaping Weighbridge) {
        self.capacity = capacity
        self.weighbridge = weighbridge
    }

    /// Lets `car` on if it fits and the weighbridge accepts it.
    func board(_ car: Car) async -> Bool {
        guard used + car.length <= capacity else { return false }
        // Take the space before the `await`: while this car is weighed, others may board.
        used += car.length
        guard await weighbridge(car.plate) else {
            used -= car.length
            return false
        }
        plates.append(car.plate)
        return true
    }
}

/// The check-in booth.
struct Booth {
    let deck: Deck

    /// Checks in the whole lane at once. Returns the plates of the cars that must wait for the
    /// next sailing, in the order of the lane.
    func checkIn(_ lane: [Car]) async -> [String] {
        await withTaskGroup(of: (String, Bool).self) { group in
            for car in lane {
                group.addTask { (car.plate, await deck.board(car)) }
            }
            var waiting: [String] = []
            for await (plate, boarded) in group where !boarded {
                waiting.append(plate)
            }
            return waiting
        }
    }
}
