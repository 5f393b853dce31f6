import InterleavingHarness
import Synchronization
import Testing

@testable import FerryCheckIn

/// A weighbridge that holds every car until the test lets it go: the plates it is weighing
/// are in `waiting`. `passAll(except:)` answers every car waiting now, and from then on every
/// car as it arrives, so that a car that comes late gets an answer instead of waiting forever.
final class GatedWeighbridge: Sendable {
    private struct State {
        var pending: [(plate: String, answer: CheckedContinuation<Bool, Never>)] = []
        /// Set by `passAll(except:)`: the plates refused from then on.
        var overweight: Set<String>?
    }

    private let state = Mutex(State())

    var waiting: [String] { state.withLock { $0.pending.map(\.plate) } }

    func weigh(_ plate: String) async -> Bool {
        await withCheckedContinuation { answer in
            let refused = state.withLock { state -> Set<String>? in
                guard let overweight = state.overweight else {
                    state.pending.append((plate, answer))
                    return nil
                }
                return overweight
            }
            if let refused { answer.resume(returning: !refused.contains(plate)) }
        }
    }

    func passAll(except overweight: Set<String> = []) {
        let cars = state.withLock { state in
            defer { state.pending.removeAll() }
            state.overweight = overweight
            return state.pending
        }
        for car in cars { car.answer.resume(returning: !overweight.contains(car.plate)) }
    }
}

// How the tests control the interleaving: a boarding starts on the deck's actor, so it runs
// until it finishes or waits at an `await`; `quiet(_:)` needs the same actor, so once it has
// run, the boarding has got as far as it can go without the weighbridge.
private func board(_ car: Car, on deck: isolated Deck, started: AsyncStream<Void>.Continuation) async -> Bool {
    started.yield()
    return await deck.board(car)
}

private func quiet(_ deck: isolated Deck) {}

private func startBoarding(_ car: Car, on deck: Deck) async -> Task<Bool, Never> {
    let (started, continuation) = AsyncStream.makeStream(of: Void.self)
    let boarding = Task { await board(car, on: deck, started: continuation) }
    for await _ in started { break }
    await quiet(deck)
    return boarding
}

@Test func twoCarsCannotTakeTheSameSpace() async {
    let weighbridge = GatedWeighbridge()
    let deck = Deck(capacity: 800, weighbridge: weighbridge.weigh)
    let van = await startBoarding(Car(plate: "VAN 1", length: 500), on: deck)
    let camper = await startBoarding(Car(plate: "CAMPER 2", length: 600), on: deck)
    weighbridge.passAll()
    #expect(await van.value)
    #expect(await !camper.value, "two cars were let on when only one fitted: the space was still free while the first car was being weighed")
    #expect(await deck.used == 500, "the deck holds more cars than it has room for")
}

@Test func carsThatFitAreWeighedSideBySide() async throws {
    let weighbridge = GatedWeighbridge()
    let deck = Deck(capacity: 1000, weighbridge: weighbridge.weigh)
    let first = await startBoarding(Car(plate: "AB 12", length: 450), on: deck)
    let second = await startBoarding(Car(plate: "CD 34", length: 450), on: deck)
    try #require(
        weighbridge.waiting == ["AB 12", "CD 34"],
        "both cars fit: the second one should not wait for the first to be weighed — don't make the cars board one at a time")
    weighbridge.passAll()
    #expect(await first.value)
    #expect(await second.value)
    #expect(await deck.used == 900)
}

@Test func anOverweightCarLeavesItsSpaceFree() async {
    let weighbridge = GatedWeighbridge()
    let deck = Deck(capacity: 800, weighbridge: weighbridge.weigh)
    let truck = await startBoarding(Car(plate: "TRUCK 9", length: 700), on: deck)
    weighbridge.passAll(except: ["TRUCK 9"])
    #expect(await !truck.value)
    #expect(await deck.used == 0, "the weighbridge refused the car, but its space stayed taken")
    #expect(await deck.plates.isEmpty)
    let car = await startBoarding(Car(plate: "EF 56", length: 700), on: deck)
    #expect(await car.value, "a car that fits the deck was turned away after an overweight one left")
}

@Test func aCarTurnedAwayFreesNoSpace() async throws {
    let weighbridge = GatedWeighbridge()
    let deck = Deck(capacity: 1000, weighbridge: weighbridge.weigh)
    let van = await startBoarding(Car(plate: "VAN 1", length: 500), on: deck)
    let camper = await startBoarding(Car(plate: "CAMPER 2", length: 400), on: deck)
    let onTheWeighbridge = ["VAN 1", "CAMPER 2"]
    try #require(weighbridge.waiting == onTheWeighbridge)
    // 900 of the 1000 cm are held by the cars being weighed: neither 300 cm nor, after that, 200 cm fit.
    let trailer = await startBoarding(Car(plate: "TRAILER 3", length: 300), on: deck)
    let weighedAfterTheTrailer = weighbridge.waiting
    let sidecar = await startBoarding(Car(plate: "SIDECAR 4", length: 200), on: deck)
    let weighedAfterTheSidecar = weighbridge.waiting
    weighbridge.passAll()
    #expect(
        weighedAfterTheTrailer == onTheWeighbridge,
        "a car was let on the weighbridge when it didn't fit: 900 of the 1000 cm were already taken by the cars being weighed")
    if weighedAfterTheTrailer == onTheWeighbridge {
        #expect(
            weighedAfterTheSidecar == onTheWeighbridge,
            "900 of the 1000 cm were held by the cars being weighed, a 300 cm trailer was turned away, and then a 200 cm car was let on: a car turned away gave back space it never took"
        )
    }
    #expect(await van.value)
    #expect(await camper.value)
    #expect(await !trailer.value)
    #expect(await !sidecar.value)
    #expect(await deck.used == 900, "the deck holds more cars than it has room for")
}

@Test func theBoothReportsWhoWaitsInLaneOrder() async {
    let deck = Deck(capacity: 1200, weighbridge: { $0 != "HEAVY 1" })
    let lane = [
        Car(plate: "GH 78", length: 400), Car(plate: "HEAVY 1", length: 300),
        Car(plate: "IJ 90", length: 400), Car(plate: "BUS 3", length: 1300),
    ]
    #expect(await Booth(deck: deck).checkIn(lane) == ["HEAVY 1", "BUS 3"])
    #expect(await deck.used == 800)
    #expect(await Set(deck.plates) == ["GH 78", "IJ 90"])
}

@Test func anEmptyLaneChecksInNobody() async {
    let deck = Deck(capacity: 1000, weighbridge: { _ in true })
    #expect(await Booth(deck: deck).checkIn([]).isEmpty)
    #expect(await deck.used == 0)
}

/// A weighbridge that takes a while over each car (other boardings may run meanwhile), refuses
/// the plates in `overweight`, and notes each step in the trace a failing schedule shows.
final class SlowWeighbridge: Sendable {
    let overweight: Set<String>

    init(overweight: Set<String>) {
        self.overweight = overweight
    }

    func weigh(_ plate: String) async -> Bool {
        Interleavings.note("the weighbridge weighs \(plate)")
        await Interleavings.pause()
        let passes = !overweight.contains(plate)
        Interleavings.note(passes ? "the weighbridge passes \(plate)" : "the weighbridge refuses \(plate)")
        return passes
    }
}

/// Three cars boarding at once, one of which the weighbridge refuses, in two hundred orders
/// (seeded, the same on every machine): whatever the order, the deck never holds more than its
/// capacity, and the space it counts as used is exactly the space of the cars it let on.
@Test func everyOrderOfThreeBoardingsKeepsTheDeckCount() async {
    await Interleavings.explore(schedules: 200) {
        let weighbridge = SlowWeighbridge(overweight: ["TRUCK 5"])
        let deck = Deck(capacity: 1000, weighbridge: weighbridge.weigh)
        let lengths = ["TRUCK 5": 300, "KL 12": 400, "CAMPER 7": 700]
        @Sendable func board(_ plate: String, _ length: Int) async {
            Interleavings.note("comes to the deck (\(length) cm)")
            let boarded = await deck.board(Car(plate: plate, length: length))
            Interleavings.note(boarded ? "boards (\(length) cm)" : "waits for the next sailing")
        }
        try await Interleavings.concurrently(lengths.sorted { $0.key < $1.key }.map { car in (car.key, { await board(car.key, car.value) }) })
        let used = await deck.used
        let onDeck = await deck.plates.reduce(0) { $0 + (lengths[$1] ?? 0) }
        try Interleavings.check(
            used == onDeck,
            "the deck counts \(used) cm as used while the cars on it take \(onDeck) cm: when the weighbridge "
                + "refuses a car, give back its own length, not a count read before the other cars boarded")
        try Interleavings.check(
            onDeck <= 1000, "\(onDeck) cm of cars on a 1000 cm deck: a car boarded on space another car had already taken")
    }
}

/// The booth checks in a lane whose first cars the weighbridge refuses after a while, and whose
/// last car is too long for the deck and turned away at once, in a hundred orders (seeded, the
/// same on every machine): whatever order the answers come back in, the booth lists the cars that
/// must wait in the order they stand in the lane.
@Test func theBoothReportsWhoWaitsInLaneOrderWhateverAnswersFirst() async {
    await Interleavings.explore(schedules: 100) {
        let weighbridge = SlowWeighbridge(overweight: ["HEAVY 1", "HEAVY 2"])
        let deck = Deck(capacity: 1200, weighbridge: weighbridge.weigh)
        let lane = [
            Car(plate: "HEAVY 1", length: 300), Car(plate: "GH 78", length: 400),
            Car(plate: "HEAVY 2", length: 300), Car(plate: "BUS 3", length: 1300),
        ]
        let waiting = await Booth(deck: deck).checkIn(lane)
        try Interleavings.check(
            waiting == ["HEAVY 1", "HEAVY 2", "BUS 3"],
            "the booth says \(waiting.joined(separator: ", ")) must wait, but in the lane HEAVY 1 comes first, then HEAVY 2, then BUS 3: "
                + "list the cars in the order they stand in the lane, not in the order the deck answered for them")
    }
}
