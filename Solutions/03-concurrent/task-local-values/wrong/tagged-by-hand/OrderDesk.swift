// A bakery's order desk, built in main actor mode. Placing an order reserves its ingredients
// and books an oven slot, both at once.

/// An order as the customer placed it.
struct Order {
    let id: String
    let item: String
}

/// What the customer is told.
enum Confirmation: Equatable {
    case booked(slot: Int)
    case soldOut
}

final class OrderDesk {
    let pantry: any Pantry
    let oven: any Oven
    let journal: any Journal
    init(pantry: any Pantry, oven: any Oven, journal: any Journal) {
        self.pantry = pantry
        self.oven = oven
        self.journal = journal
    }

    func place(_ order: Order) async -> Confirmation {
        journal.write("[\(order.id)] placing \(order.item)")
        async let reserved = pantry.reserveIngredients(for: order.item)
        async let slot = oven.bookSlot(for: order.item)
        guard await reserved else {
            journal.write("[\(order.id)] \(order.item): sold out")
            return .soldOut
        }
        let booked = await slot
        journal.write("[\(order.id)] \(order.item): booked slot \(booked)")
        return .booked(slot: booked)
    }
}
