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
    private var currentOrderID: String?

    init(pantry: any Pantry, oven: any Oven, journal: any Journal) {
        self.pantry = pantry
        self.oven = oven
        self.journal = journal
    }

    // TODO: support can't follow an order through the journal. When two orders are placed
    // at once, lines about one order carry the other's ID, and the lines the pantry and the
    // oven write say "no order". Every line written while an order is placed — here or by the
    // services it calls — must carry that order's ID, and only that one.
    func place(_ order: Order) async -> Confirmation {
        currentOrderID = order.id
        journal.write("[\(currentOrderID ?? "no order")] placing \(order.item)")
        async let reserved = pantry.reserveIngredients(for: order.item)
        async let slot = oven.bookSlot(for: order.item)
        guard await reserved else {
            journal.write("[\(currentOrderID ?? "no order")] \(order.item): sold out")
            return .soldOut
        }
        let booked = await slot
        journal.write("[\(currentOrderID ?? "no order")] \(order.item): booked slot \(booked)")
        return .booked(slot: booked)
    }
}
