import InterleavingHarness
import Synchronization
import Testing

@testable import LendingLimit

/// A publisher that answers at once: a licence, or a refusal for a withdrawn title. With
/// `holdingFirst`, it keeps the first request waiting until the test answers it.
nonisolated final class FakePublisher: Publisher {
    typealias Completion = @Sendable (Result<String, LicenceRefused>) -> Void
    private struct State {
        var requests: [String] = []
        var held: Completion?
        var holding: Bool
        var watcher: CheckedContinuation<Void, Never>?
    }
    private let state: Mutex<State>
    let withdrawn: Set<String>

    init(holdingFirst: Bool = false, withdrawn: Set<String> = []) {
        state = Mutex(State(holding: holdingFirst))
        self.withdrawn = withdrawn
    }

    var requests: [String] { state.withLock { $0.requests } }

    func requestLicence(for title: String, reader: String, completion: @escaping Completion) {
        let (hold, watcher) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            state.requests.append(title)
            guard state.holding else { return (false, nil) }
            state.holding = false
            state.held = completion
            defer { state.watcher = nil }
            return (true, state.watcher)
        }
        watcher?.resume()
        guard !hold else { return }
        completion(withdrawn.contains(title) ? .failure(.titleWithdrawn) : .success("key-\(title)"))
    }

    /// Returns once the first request is being held.
    func firstRequestHeld() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                guard state.held == nil else { return true }
                state.watcher = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    func grantHeld() {
        state.withLock { $0.held }?(.success("key"))
    }

    func refuseHeld() {
        state.withLock { $0.held }?(.failure(.titleWithdrawn))
    }
}

@Test func theShelfShowsWhatTheReaderBorrowed() async throws {
    let desk = LendingDesk(publisher: FakePublisher())
    let screen = ShelfScreen(desk: desk, reader: "cy")
    await screen.reload()
    #expect(screen.lines == ["Nothing borrowed yet"], "reload() returned before the shelf was up to date")
    try await desk.borrow("Emma", for: "cy")
    await screen.reload()
    #expect(screen.lines == ["📖 Emma"], "reload() returned before the shelf was up to date")
}

@Test func aReaderNeverHoldsMoreThanTwoBooks() async throws {
    let publisher = FakePublisher(holdingFirst: true)
    let desk = LendingDesk(publisher: publisher)
    let first = Task { try await desk.borrow("Dune", for: "ana") }
    await publisher.firstRequestHeld()
    try await desk.borrow("Emma", for: "ana")
    await #expect(
        throws: LoanError.limitReached,
        "ana tapped Borrow on three books quickly and the third was not refused: a book waiting for its licence must hold its place"
    ) {
        try await desk.borrow("Ulysses", for: "ana")
    }
    publisher.grantHeld()
    try await first.value
    #expect(await desk.titles(lentTo: "ana").sorted() == ["Dune", "Emma"])
    #expect(publisher.requests == ["Dune", "Emma"], "a licence was requested for a book that could not be lent")
}

@Test func aRefusedBookFailsAndFreesItsPlace() async throws {
    let desk = LendingDesk(publisher: FakePublisher(withdrawn: ["Withdrawn Book"]))
    try await desk.borrow("Dune", for: "bo")
    await #expect(throws: LicenceRefused.titleWithdrawn, "borrowing a withdrawn book must fail") {
        try await desk.borrow("Withdrawn Book", for: "bo")
    }
    await #expect(throws: Never.self, "a refused book still takes one of the reader's two places") {
        try await desk.borrow("Emma", for: "bo")
    }
    #expect(await desk.titles(lentTo: "bo") == ["Dune", "Emma"])
}

@Test func aRefusalWhileAnotherBookIsLentFreesItsOwnPlace() async throws {
    let publisher = FakePublisher(holdingFirst: true)
    let desk = LendingDesk(publisher: publisher)
    let refused = Task { try await desk.borrow("Withdrawn Book", for: "di") }
    await publisher.firstRequestHeld()
    try await desk.borrow("Emma", for: "di")
    publisher.refuseHeld()
    await #expect(throws: LicenceRefused.titleWithdrawn) { try await refused.value }
    #expect(
        await desk.titles(lentTo: "di") == ["Emma"],
        "the refusal took away a book lent while the publisher answered: give back the refused book's own place")
}

@Test func aRefusalLeavesTheSameBookAlreadyLent() async throws {
    let publisher = FakePublisher(holdingFirst: true)
    let desk = LendingDesk(publisher: publisher)
    let refused = Task { try await desk.borrow("Emma", for: "hal") }
    await publisher.firstRequestHeld()
    // hal taps Borrow on Emma again: this licence comes at once, the first tap's is refused later.
    try await desk.borrow("Emma", for: "hal")
    publisher.refuseHeld()
    await #expect(throws: LicenceRefused.titleWithdrawn) { try await refused.value }
    let hal = await desk.titles(lentTo: "hal")
    #expect(
        hal == ["Emma"],
        "hal tapped Borrow on Emma twice: one tap was lent, the other refused, and hal's shelf shows \(hal). The refusal took away a book lent while the publisher answered: give back the refused tap's one place, not every copy of its title"
    )
}

/// When a tap is cancelled: before the desk runs it, or while the publisher answers.
enum Cancelled: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case beforeTheDeskRunsIt = "before the desk runs it"
    case whileTheLicenceComes = "while the licence comes"
    var testDescription: String { rawValue }
}

@Test(arguments: Cancelled.allCases)
func aCancelledTapEndsAsTheShelfSays(_ when: Cancelled) async throws {
    let publisher = FakePublisher(holdingFirst: when == .whileTheLicenceComes)
    let desk = LendingDesk(publisher: publisher)
    let tap = Task { try await desk.borrow("Dune", for: "ivy") }
    switch when {
    case .beforeTheDeskRunsIt:
        // ivy leaves the screen before the tap has started; the publisher answers at once.
        tap.cancel()
    case .whileTheLicenceComes:
        // ivy leaves the screen while the publisher answers; the licence comes all the same.
        await publisher.firstRequestHeld()
        tap.cancel()
        publisher.grantHeld()
    }
    let lent: Bool
    do {
        try await tap.value
        lent = true
    } catch {
        lent = false
    }
    let shelf = await desk.titles(lentTo: "ivy")
    #expect(
        shelf == (lent ? ["Dune"] : []),
        lent
            ? "the tap succeeded, but ivy's shelf shows \(shelf)"
            : "the tap failed, yet ivy's shelf shows \(shelf): a loan that ends in an error — any error, cancellation too — must give its place back, or the reader is told it failed and still counts it against the limit"
    )
}

/// A publisher that keeps every request waiting until the test answers them all.
nonisolated final class HoldingPublisher: Publisher {
    private let held = Mutex<[(title: String, completion: FakePublisher.Completion)]>([])

    /// The titles waiting for their licence, in the order they were asked for.
    var waiting: [String] { held.withLock { $0.map(\.title) } }

    func requestLicence(for title: String, reader: String, completion: @escaping FakePublisher.Completion) {
        held.withLock { $0.append((title, completion)) }
    }

    func grantAll() {
        let requests = held.withLock { held in
            defer { held.removeAll() }
            return held
        }
        for request in requests { request.completion(.success("key-\(request.title)")) }
    }
}

// How the next test controls the interleaving: a tap starts on the desk's actor, so it runs until
// it finishes or waits for the publisher; `quiet(_:)` needs the same actor, so once it has run,
// the tap has got as far as it can go without the publisher.
private func borrow(
    _ title: String, for reader: String, at desk: isolated LendingDesk, started: AsyncStream<Void>.Continuation
) async throws {
    started.yield()
    try await desk.borrow(title, for: reader)
}

private func quiet(_ desk: isolated LendingDesk) {}

/// Taps Borrow and returns once the tap has finished or is waiting for its licence.
private func startBorrowing(_ title: String, for reader: String, at desk: LendingDesk) async -> Task<Void, any Error> {
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let tap = Task { try await borrow(title, for: reader, at: desk, started: startedContinuation) }
    for await _ in started { break }
    await quiet(desk)
    return tap
}

@Test func aTapRefusedAtTheLimitFreesNoPlace() async throws {
    let publisher = HoldingPublisher()
    let desk = LendingDesk(publisher: publisher)
    let dune = await startBorrowing("Dune", for: "gus", at: desk)
    let emma = await startBorrowing("Emma", for: "gus", at: desk)
    let bothWaiting = ["Dune", "Emma"]
    try #require(publisher.waiting == bothWaiting)
    // Two books wait for their licence: a third tap is refused, and so is a fourth.
    let ulysses = await startBorrowing("Ulysses", for: "gus", at: desk)
    let askedAfterTheThird = publisher.waiting
    let walden = await startBorrowing("Walden", for: "gus", at: desk)
    let askedAfterTheFourth = publisher.waiting
    publisher.grantAll()
    try await dune.value
    try await emma.value
    #expect(
        askedAfterTheThird == bothWaiting,
        "gus tapped Borrow on three books quickly and the third was not refused: a book waiting for its licence must hold its place")
    if askedAfterTheThird == bothWaiting {
        #expect(
            askedAfterTheFourth == bothWaiting,
            "two of gus's books waited for their licence, his third tap was refused, and a fourth tap got a place: a refused tap gave back a place it never held"
        )
    }
    await #expect(throws: LoanError.limitReached) { try await ulysses.value }
    await #expect(throws: LoanError.limitReached, "the fourth tap must be refused: gus had two books already") {
        try await walden.value
    }
    let gus = await desk.titles(lentTo: "gus")
    #expect(gus.sorted() == bothWaiting, "gus holds \(gus.count) books (\(gus.joined(separator: ", "))): the limit is two per reader")
}

@Test func eachReaderHasTheirOwnLimit() async throws {
    let desk = LendingDesk(publisher: FakePublisher())
    for reader in ["ana", "bo"] {
        try await desk.borrow("Dune", for: reader)
        try await desk.borrow("Emma", for: reader)
    }
    #expect(await desk.titles(lentTo: "bo") == ["Dune", "Emma"])
    await #expect(throws: LoanError.limitReached) { try await desk.borrow("Ulysses", for: "ana") }
}

/// A publisher that licenses every book but the `withdrawn` ones, a while after it is asked: other
/// taps may reach the desk before it answers. It notes each request in the trace a failing schedule
/// shows.
nonisolated final class SlowPublisher: Publisher {
    private let asked = Mutex<[String]>([])
    let withdrawn: Set<String>

    init(withdrawn: Set<String> = []) {
        self.withdrawn = withdrawn
    }

    var requests: [String] { asked.withLock { $0 } }

    func requestLicence(
        for title: String, reader: String, completion: @escaping @Sendable (Result<String, LicenceRefused>) -> Void
    ) {
        asked.withLock { $0.append("\(reader): \(title)") }
        Interleavings.note("the publisher is asked for \(title)")
        let withdrawn = withdrawn.contains(title)
        Interleavings.later {
            Interleavings.note(withdrawn ? "the publisher refuses \(title)" : "the publisher licenses \(title)")
            completion(withdrawn ? .failure(.titleWithdrawn) : .success("key-\(title)"))
        }
    }
}

/// A reader's tap on Borrow, as a task of the exploration named after the reader and the book.
nonisolated private func tap(_ title: String, for reader: String, at desk: LendingDesk) -> (String, @Sendable () async throws -> Void) {
    let borrow: @Sendable () async throws -> Void = {
        do {
            try await desk.borrow(title, for: reader)
            Interleavings.note("lent")
        } catch {
            Interleavings.note("refused")
        }
    }
    return ("\(reader)'s \(title)", borrow)
}

/// Two readers tap Borrow at once, in a hundred orders (seeded, the same on every machine): ana,
/// who already has one book, on two more; bo on two. Whatever the order, ana ends with exactly two
/// books and bo with both of his: each reader's limit counts that reader's books, lent or waiting
/// for their licence, and nobody else's.
@Test func eachReadersLimitHoldsInEveryOrder() async {
    await Interleavings.explore(schedules: 100) {
        let publisher = SlowPublisher()
        let desk = LendingDesk(publisher: publisher)
        try await desk.borrow("Dune", for: "ana")
        try await Interleavings.concurrently([
            tap("Emma", for: "ana", at: desk), tap("Ulysses", for: "ana", at: desk),
            tap("Beloved", for: "bo", at: desk), tap("Walden", for: "bo", at: desk),
        ])
        let ana = await desk.titles(lentTo: "ana")
        let bo = await desk.titles(lentTo: "bo")
        try Interleavings.check(
            ana.count <= LendingDesk.limit, "ana holds \(ana.count) books (\(ana.joined(separator: ", "))): the limit is two per reader")
        for (reader, titles) in [("ana", ana), ("bo", bo)] {
            try Interleavings.check(
                titles.count == 2,
                "\(reader) was refused a book with a place free (\(reader) holds \(titles.count)): a reader's limit counts that reader's own books, lent or waiting for their licence, and no one else's"
            )
        }
        try Interleavings.check(
            publisher.requests.count == 4, "\(publisher.requests.count) licences were requested for 4 books lent: ask only for a book that can be lent")
    }
}

/// A reader taps Borrow on two withdrawn books and on one the publisher licenses, all at once, in a
/// hundred orders (seeded, the same on every machine). Each refusal gives back its own book's place,
/// whatever happened on the desk while the publisher answered: the reader never keeps a withdrawn
/// book, and never loses a book that was lent.
@Test func eachRefusalGivesBackItsOwnPlaceInEveryOrder() async {
    await Interleavings.explore(schedules: 100) {
        let publisher = SlowPublisher(withdrawn: ["Withdrawn A", "Withdrawn B"])
        let desk = LendingDesk(publisher: publisher)
        let emmaLent = Mutex(false)
        try await Interleavings.concurrently([
            tap("Withdrawn A", for: "eve", at: desk), tap("Withdrawn B", for: "eve", at: desk),
            (
                "eve's Emma",
                {
                    do {
                        try await desk.borrow("Emma", for: "eve")
                        emmaLent.withLock { $0 = true }
                        Interleavings.note("lent")
                    } catch {
                        Interleavings.note("refused")
                    }
                }
            ),
        ])
        let eve = await desk.titles(lentTo: "eve")
        try Interleavings.check(
            !eve.contains("Withdrawn A") && !eve.contains("Withdrawn B"),
            "eve still holds a refused book (\(eve.joined(separator: ", "))): a refusal gave back another book's place. Find the refused book's place and remove it in one step, with no `await` in between: the list may change at every `await`"
        )
        let lent = emmaLent.withLock { $0 }
        try Interleavings.check(
            eve.contains("Emma") == lent,
            lent
                ? "Emma was lent to eve, but eve's shelf shows \(eve): a refusal took away a book lent while the publisher answered"
                : "Emma was refused, but eve's shelf shows it")
    }
}

/// A reader taps Borrow on one book twice, and on another, all at once, in a hundred orders
/// (seeded, the same on every machine). Each tap waiting for its licence holds a place of its own,
/// even when two are for the same book: two of the three taps are lent, the third is refused.
@Test func tappingOneBookTwiceHoldsTwoPlacesInEveryOrder() async {
    await Interleavings.explore(schedules: 100) {
        let publisher = SlowPublisher()
        let desk = LendingDesk(publisher: publisher)
        let (_, tappedAgain) = tap("Emma", for: "fay", at: desk)
        try await Interleavings.concurrently([
            tap("Emma", for: "fay", at: desk), ("fay's Emma again", tappedAgain), tap("Dune", for: "fay", at: desk),
        ])
        let fay = await desk.titles(lentTo: "fay")
        try Interleavings.check(
            fay.count <= LendingDesk.limit,
            "fay holds \(fay.count) books (\(fay.joined(separator: ", "))), the limit is two per reader: she tapped Borrow on Emma twice, and each tap waiting for its licence holds a place of its own. Count the taps in flight, not the titles"
        )
        try Interleavings.check(
            fay.count == LendingDesk.limit,
            "fay was refused a book with a place free (she holds \(fay.count): \(fay.joined(separator: ", "))): a tap gives back only the place it held"
        )
        try Interleavings.check(
            publisher.requests.count == 2, "\(publisher.requests.count) licences were requested for 2 books lent: ask only for a book that can be lent")
    }
}
