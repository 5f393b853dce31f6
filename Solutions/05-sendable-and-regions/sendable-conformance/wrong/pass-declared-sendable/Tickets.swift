// The tickets package of a city transit app. The app hands tickets to the package's gates,
// each an actor, from whatever isolation domain it is in, and gets them back.

/// A fare zone of the network, loaded once from the timetable.
public final class Zone {
    public let number: Int
    public let name: String

    public init(number: Int, name: String) {
        self.number = number
        self.name = name
    }
}

/// A pass for some zones and a number of rides. Each ride through a gate uses one.
public final class Pass: Sendable {
    public let zones: [Zone]
    public var ridesLeft: Int

    public init(zones: [Zone], ridesLeft: Int) {
        self.zones = zones
        self.ridesLeft = ridesLeft
    }
}

/// A ticket in the app: whose it is, and the pass it rides on.
public struct Ticket: Sendable {
    public let holder: String
    public var pass: Pass

    public init(holder: String, pass: Pass) {
        self.holder = holder
        self.pass = pass
    }
}

/// The gate at a station, in one zone.
public actor Gate {
    public let zone: Int
    public private(set) var opened = 0

    public init(zone: Int) {
        self.zone = zone
    }

    /// Opens for a ticket whose pass covers this zone and has a ride left, and returns the
    /// ticket with that ride used; returns nil, and stays shut, for any other ticket.
    public func tapIn(_ ticket: Ticket) -> Ticket? {
        guard ticket.pass.ridesLeft > 0, ticket.pass.zones.contains(where: { $0.number == zone })
        else { return nil }
        var used = ticket
        used.pass.ridesLeft -= 1
        opened += 1
        return used
    }
}

/// A family goes through a row of gates at once, one ticket per gate. Returns each ticket as
/// its gate gave it back (nil where the gate stayed shut), in the order of `tickets`.
public func tapInTogether(_ tickets: [Ticket], at gates: [Gate]) async -> [Ticket?] {
    await withTaskGroup(of: (Int, Ticket?).self) { group in
        for (index, (ticket, gate)) in zip(tickets, gates).enumerated() {
            group.addTask { (index, await gate.tapIn(ticket)) }
        }
        var results = [Ticket?](repeating: nil, count: tickets.count)
        for await (index, ticket) in group {
            results[index] = ticket
        }
        return results
    }
}
