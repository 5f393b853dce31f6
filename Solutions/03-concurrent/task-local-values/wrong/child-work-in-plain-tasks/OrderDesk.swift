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

    /// Places `order` with its ID bound for the whole placing: the desk's lines, and those the
    /// pantry and the oven write from the child tasks, all read it from this task.
    func place(_ order: Order) async -> Confirmation {
        await OrderContext.$orderID.withValue(order.id) {
            journal.note("placing \(order.item)")
            let reserved = Task { await pantry.reserveIngredients(for: order.item) }
            let slot = Task { await oven.bookSlot(for: order.item) }
            guard await reserved.value else {
                journal.note("\(order.item): sold out")
                return .soldOut
            }
            let booked = await slot.value
            journal.note("\(order.item): booked slot \(booked)")
            return .booked(slot: booked)
        }
    }
}
