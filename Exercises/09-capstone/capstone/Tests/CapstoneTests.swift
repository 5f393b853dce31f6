import InterleavingHarness
import Synchronization
import Testing

@testable import Capstone

private let summit = TileID(zoom: 15, x: 17_059, y: 11_585)
private let lake = TileID(zoom: 15, x: 17_060, y: 11_585)
private let valley = TileID(zoom: 15, x: 17_059, y: 11_586)

/// The save screen's model, over a cache of its own.
private func saveScreen(
    server: FakeTileServer, deadline: Deadline? = noDeadline,
    decoder: ProbedDecoder = ProbedDecoder()
) -> OfflineMapModel {
    OfflineMapModel(cache: TileCache(server: server, deadline: deadline), decoder: decoder)
}

// MARK: - The cache: one fetch in flight per tile

@Test func aCachedTileIsNotFetchedAgain() async throws {
    let server = FakeTileServer()
    server.finish(summit)
    let cache = TileCache(server: server, deadline: noDeadline)
    #expect(try await cache.data(for: summit) == FakeTileServer.data(of: summit))
    #expect(try await cache.data(for: summit) == FakeTileServer.data(of: summit))
    #expect(server.requested == [summit])
}

@Test func requestsForOneTileShareOneFetch() async throws {
    let server = FakeTileServer()
    let cache = TileCache(server: server, deadline: noDeadline)
    let first = await startRequest(summit, from: cache)
    await server.waitForRequests(1)
    // The summit is on its way. The map screen asks for it twice meanwhile.
    let second = await startRequest(summit, from: cache)
    let third = await startRequest(summit, from: cache)
    server.finish(summit)
    for request in [first, second, third] {
        #expect(try await request.value == FakeTileServer.data(of: summit))
    }
    #expect(server.requested == [summit], "each request fetched the tile on its own")
}

@Test func differentTilesAreFetchedSideBySide() async throws {
    let server = FakeTileServer()
    let cache = TileCache(server: server, deadline: noDeadline)
    let summitData = await startRequest(summit, from: cache)
    let lakeData = await startRequest(lake, from: cache)
    // If this never returns, the cache fetches one tile at a time.
    await server.waitForRequests(2)
    server.finish(lake)
    #expect(try await lakeData.value == FakeTileServer.data(of: lake))
    server.finish(summit)
    #expect(try await summitData.value == FakeTileServer.data(of: summit))
}

@Test func aFailedFetchIsNotKept() async throws {
    let server = FakeTileServer()
    let cache = TileCache(server: server, deadline: noDeadline)
    let first = await startRequest(summit, from: cache)
    await server.waitForRequests(1)
    server.fail(summit)
    await #expect(throws: ServerDown.self) { try await first.value }
    // The failure is not kept: the next request fetches the tile again.
    let retry = await startRequest(summit, from: cache)
    Task {
        _ = await retry.result
        server.stopWaiting()
    }
    await server.waitForRequests(2)
    #expect(
        server.requested == [summit, summit],
        "the retry got the old failure instead of fetching again")
    server.finish(summit)
    #expect(try await retry.value == FakeTileServer.data(of: summit))
}

// MARK: - The cache, in every order

/// A request for `tile` from the cache, as a task of the exploration: the save or the map screen.
nonisolated private func request(
    _ name: String, asks tile: TileID, of cache: TileCache, from server: SlowTileServer
) -> (String, @Sendable () async throws -> Void) {
    (
        name,
        {
            Interleavings.note("asks for \(server.name(of: tile))")
            do {
                let data = try await cache.data(for: tile)
                try Interleavings.check(
                    data == FakeTileServer.data(of: tile), "\(name) asked for \(server.name(of: tile)) and got other data")
                Interleavings.note("has \(server.name(of: tile))")
            } catch let violation as Interleavings.Violation {
                throw violation
            } catch {
                Interleavings.note("is told the fetch failed")
            }
        }
    )
}

/// Fails the schedule if two fetches of one tile were ever in flight at once.
nonisolated private func checkNoOverlap(_ server: SlowTileServer) throws {
    if let overlap = server.overlap {
        throw Interleavings.Violation(
            overlap
                + ": a request forgot a fetch that was not its own. Only the request that started a fetch forgets it when it fails, and only while it is still the one stored"
        )
    }
}

/// The save asks for the summit and the lake, the map screen for the summit, in a hundred orders
/// (seeded, the same on every machine). Whatever the order, the cache never has two fetches of
/// one tile in flight, and each request gets the tile it asked for.
@Test func requestsShareTheFetchInFlightInEveryOrder() async {
    let (summit, lake, noDeadline) = (summit, lake, noDeadline)
    await Interleavings.explore(schedules: 100) {
        let server = SlowTileServer(names: [summit: "the summit", lake: "the lake"])
        let cache = TileCache(server: server, deadline: noDeadline)
        try await Interleavings.concurrently([
            request("the save", asks: summit, of: cache, from: server),
            request("the map screen", asks: summit, of: cache, from: server),
            request("the save's other tile", asks: lake, of: cache, from: server),
        ])
        let summits = server.fetchCount(of: summit)
        try Interleavings.check(
            summits == 1,
            "the summit was fetched \(summits) times for two requests: the second request came while the first waited, and found nothing to share. Store the fetch in flight in the same visit that finds the cache empty, with no `await` between"
        )
        let lakes = server.fetchCount(of: lake)
        try Interleavings.check(lakes == 1, "the lake was fetched \(lakes) times for one request")
        try checkNoOverlap(server)
    }
}

/// Three requests ask for a tile whose first fetch fails, and a fourth once the first two have
/// their answer, in a hundred orders: the save and the map screen at once, a retry as soon as one
/// of them has shown the error, the map screen again once both have theirs. The failed fetch is
/// forgotten once, by the request that started it, before its error reaches the screen: the
/// cache never has two fetches in flight, and the last request gets the tile. The first two load
/// in the background, the last is what the user looks at: its request goes ahead of
/// lower-priority work waiting for the cache's actor, as in the app.
@Test func aFailedFetchIsForgottenOnceInEveryOrder() async {
    let (summit, noDeadline) = (summit, noDeadline)
    await Interleavings.explore(schedules: 100) {
        let server = SlowTileServer(names: [summit: "the summit"], failing: [summit])
        let cache = TileCache(server: server, deadline: noDeadline)
        let answers = Answers()
        /// Asks for the summit and records the answer; returns whether it was an error.
        @Sendable func ask(_ name: String) async throws -> Bool {
            var failed = false
            do {
                Interleavings.note("asks for the summit")
                let data = try await cache.data(for: summit)
                try Interleavings.check(
                    data == FakeTileServer.data(of: summit), "\(name) asked for the summit and got other data")
                Interleavings.note("has the summit")
            } catch let violation as Interleavings.Violation {
                throw violation
            } catch {
                Interleavings.note("is told the fetch failed")
                failed = true
            }
            answers.record(name, failed: failed)
            return failed
        }
        try await Interleavings.concurrently([
            ("the save", { _ = try await Task(priority: .background) { try await ask("the save") }.value }),
            ("the map screen", { _ = try await Task(priority: .background) { try await ask("the map screen") }.value }),
            (
                "the retry",
                {
                    await answers.wait { $0.values.contains(true) }
                    Interleavings.note("a request has shown the error")
                    _ = try await ask("the retry")
                }
            ),
            (
                "the map screen again",
                {
                    await answers.wait { $0["the save"] != nil && $0["the map screen"] != nil }
                    Interleavings.note("the save and the map screen have their answers")
                    let failed = try await Task(priority: .userInitiated) { try await ask("the map screen again") }.value
                    try checkNoOverlap(server)
                    try Interleavings.check(
                        !failed,
                        "the map screen asked again after both requests of the failed fetch had their answer, and got its failure again: forget the failed fetch in the visit that learns of the failure, before its error reaches the screen, not in a task that runs later"
                    )
                }
            ),
        ])
        try checkNoOverlap(server)
    }
}

// MARK: - The deadline of a fetch

/// The server's answer and the deadline arrive in every order, two hundred of them (seeded, the
/// same on every machine): one a step or two before the other, at once, late. Whichever ends its
/// wait first decides what `withDeadline` gives, and by the time it returns the other is stopped.
@Test func theFirstToFinishDecidesAndTheOtherStops() async {
    let tile = summit
    await Interleavings.explore(schedules: 200) {
        let answer = Moment("the server's answer")
        let deadline = Moment("the deadline")
        let finished = Mutex<[String]>([])
        @Sendable func fetching() async throws {
            let outcome: String
            do {
                let data = try await withDeadline(
                    Deadline {
                        try await deadline.wait()
                        finished.withLock { $0.append("the deadline") }
                    },
                    for: tile
                ) {
                    try await answer.wait()
                    finished.withLock { $0.append("the server's answer") }
                    return FakeTileServer.data(of: tile)
                }
                outcome = "the server's answer"
                Interleavings.note("gets the tile's \(data.count) bytes")
            } catch TileError.timedOut {
                outcome = "the deadline"
                Interleavings.note("is told the tile timed out")
            } catch {
                throw Interleavings.Violation(
                    "withDeadline threw \(error): only the deadline (TileError.timedOut) or the server's answer may end "
                        + "the call, and its caller was never cancelled. When the timer wins, throw timedOut; don't "
                        + "hand the caller the cancellation of the request that lost")
            }
            let first = finished.withLock { $0.first }
            let firstRacer = first.map { "the racer waiting for \($0)" } ?? "no racer"
            try Interleavings.check(
                first == outcome,
                "\(firstRacer) finished first, yet withDeadline went by \(outcome): nothing decided which "
                    + "racer finished first. The first racer to finish decides: race both as child tasks of a task "
                    + "group, and take the first result of group.next()")
            try Interleavings.check(
                deadline.ending != .waiting,
                "withDeadline returned while its timer still waited: the loser must be cancelled (a group's child "
                    + "is, and the group waits for it)")
            try Interleavings.check(
                answer.ending != .waiting,
                "withDeadline returned while the request still waited for the server: the loser must be cancelled")
        }
        try await Interleavings.concurrently([
            ("cache", fetching),
            (
                "server",
                {
                    await Interleavings.pause()
                    answer.come()
                }
            ),
            (
                "clock",
                {
                    await Interleavings.pause()
                    deadline.come()
                }
            ),
        ])
    }
}

nonisolated struct CallerCancelled: Error {}

/// The caller of `withDeadline` is cancelled at every moment of a fetch, in two hundred orders:
/// before the request starts, while it waits, as the answer comes. The deadline never passes, so `withDeadline` ends with the
/// data or with `CancellationError` — never `timedOut` — and the request stops.
@Test func cancellingAtAnyMomentStopsTheRaceAndNeverTimesOut() async {
    let tile = summit
    await Interleavings.explore(schedules: 200) {
        let answer = Moment("the server's answer")
        let deadline = Moment("the deadline")
        // What went wrong in the fetch's task, checked once the group has ended: the canceller's
        // error ends the group first, and a child's error after it would be lost.
        let wrong = Mutex<String?>(nil)
        @Sendable func fetching() async throws {
            do {
                let data = try await withTaskCancellationHandler {
                    try await withDeadline(Deadline { try await deadline.wait() }, for: tile) {
                        Interleavings.note("asks the server")
                        // The server answers a while later, cancelled or not.
                        Interleavings.later {
                            Interleavings.later { answer.come() }
                        }
                        try await answer.wait()
                        return FakeTileServer.data(of: tile)
                    }
                } onCancel: {
                    answer.callerLeft()
                }
                Interleavings.note("gets the tile's \(data.count) bytes")
            } catch TileError.timedOut {
                Interleavings.note("is told the tile timed out")
                let message =
                    "the caller was cancelled before the deadline, yet withDeadline threw timedOut: a request cancelled "
                    + "with its caller is no timeout — let its CancellationError through"
                wrong.withLock { $0 = message }
            } catch {
                Interleavings.note("ends with \(error)")
            }
            if deadline.ending == .waiting {
                wrong.withLock { wrong in
                    wrong = wrong ?? "withDeadline returned while its timer still waited: the timer must stop with the call"
                }
            }
        }
        @Sendable func cancelling() async throws {
            await Interleavings.pause()
            Interleavings.note("cancels the caller")
            throw CallerCancelled()
        }
        do {
            // The canceller ends the group by throwing, which cancels the fetch's task.
            try await Interleavings.concurrentlyCancellingOnError([("cache", fetching), ("canceller", cancelling)])
        } catch is CallerCancelled {}
        if let wrong = wrong.withLock({ $0 }) { throw Interleavings.Violation(wrong) }
        try Interleavings.check(
            !answer.cameForNobody,
            "the caller was cancelled, and the request went on until the server answered: cancelling the caller of "
                + "withDeadline must cancel the request. Race child tasks of a task group, which share their caller's "
                + "cancellation (an unstructured `Task { }` doesn't)")
    }
}

@Test func aQuickAnswerCancelsItsTimer() async throws {
    let executor = StepExecutor()
    let server = FakeTileServer()
    let timer = DeadlineGate()
    let race = Race(on: executor, deadline: timer.deadline, server: server, tile: summit)
    await executor.idle()  // the request waits for the server; the timer for its deadline
    server.finish(summit)
    await executor.idle()  // all that the answer sets off has run
    #expect(
        race.hasEnded,
        "the server answered, yet withDeadline has not returned: it still waits for its timer. The first racer to finish decides; cancel the other, and race child tasks of a task group"
    )
    #expect(timer.wasCancelled, "the server answered, yet the timer was never cancelled")
    timer.open()  // lets a timer that nobody cancelled end, so that the test does not hang
    #expect(try await race.task.value == FakeTileServer.data(of: summit))
}

@Test func aDeadlineThatPassesEndsTheRaceAtOnce() async {
    let executor = StepExecutor()
    let server = FakeTileServer()
    let timer = DeadlineGate()
    let race = Race(on: executor, deadline: timer.deadline, server: server, tile: summit)
    await executor.idle()  // the request waits for the server; the timer for its deadline
    timer.open()  // the deadline passes
    await executor.idle()  // all that the deadline sets off has run
    #expect(
        race.hasEnded,
        "the deadline passed, yet withDeadline has not returned: it still waits for the request. Race child tasks of a task group: a timer outside the group cancels nothing"
    )
    #expect(server.wasCancelled(summit), "the deadline passed, yet the request was not cancelled")
    server.finish(summit)  // lets a request that nobody cancelled end, so that the test does not hang
    await #expect(throws: TileError.timedOut(summit)) { try await race.task.value }
}

@Test func aSlowTileTimesOut() async {
    let server = FakeTileServer()
    let timer = DeadlineGate()
    let cache = TileCache(server: server, deadline: timer.deadline)
    let forTheSave = await startRequest(summit, from: cache)
    await server.waitForRequests(1)
    let forTheMap = await startRequest(summit, from: cache)  // the map waits for the same tile
    await timer.waitForWaits(1)
    forTheSave.cancel()  // the user cancels the save: the map still waits for the fetch
    timer.open()  // the deadline passes
    server.runOutOfTime(summit)  // and the server's own: a request that nobody cancelled ends too
    for request in [forTheSave, forTheMap] {
        await #expect(throws: TileError.timedOut(summit)) { try await request.value }
    }
    #expect(server.requested == [summit], "both requests were to wait for one fetch of the tile")
    #expect(
        !timer.wasCancelled,
        "the save's request was cancelled and took the deadline with it: the deadline bounds the shared fetch, from inside it, not the save's wait for it, which cannot stop the fetch"
    )
    #expect(
        timer.waits == 1,
        "two requests waited for one fetch, and \(timer.waits) deadlines were started: the deadline bounds the shared fetch, from inside it, not each wait for it"
    )
}

@Test func cancellingTheCallerCancelsBothRacers() async {
    let server = FakeTileServer()
    let timer = DeadlineGate()
    let race = Task {
        try await withDeadline(timer.deadline, for: summit) { try await server.data(for: summit) }
    }
    await server.waitForRequests(1)
    race.cancel()
    server.finish(summit)  // lets a request that nobody cancelled end
    _ = await race.result
    #expect(
        server.wasCancelled(summit),
        "the caller of withDeadline was cancelled, yet its request went on: race child tasks of a task group, which share their caller's cancellation")
    #expect(timer.wasCancelled, "the caller of withDeadline was cancelled, yet its timer went on")
}

@Test func aCancelledCallerIsToldItWasCancelledNotThatItTimedOut() async {
    let timer = DeadlineGate()
    let requested = Signal()
    let timerStopped = Signal()
    let deadline = Deadline {
        do {
            try await timer.deadline.wait()
        } catch {
            timerStopped.fire()
            throw error
        }
    }
    let race = Task {
        try await withDeadline(deadline, for: summit) { () async throws -> [UInt8] in
            requested.fire()
            // A request that notices its cancellation only after the timer has stopped.
            await timerStopped.wait()
            throw CancellationError()
        }
    }
    await requested.wait()
    race.cancel()  // the user cancels before the deadline
    if !timer.wasCancelled {
        // The timer has not started to wait yet, or it is nobody's child and the cancellation did
        // not reach it (another test says so): let the race end either way.
        timerStopped.fire()
        timer.open()
    }
    await #expect(
        throws: CancellationError.self,
        "the caller was cancelled before the deadline, yet withDeadline threw something else: the timer's wait ended with CancellationError, and a timer that was cancelled is no timeout — let its error through, don't turn it into timedOut"
    ) {
        try await race.value
    }
}

@Test func aServerErrorBeforeTheDeadlineIsTheServers() async {
    let executor = StepExecutor()
    let server = FakeTileServer()
    let timer = DeadlineGate()  // a deadline that never passes
    let race = Race(on: executor, deadline: timer.deadline, server: server, tile: summit)
    await executor.idle()  // the request waits for the server; the timer for its deadline
    server.fail(summit)  // the server is down: it answers with an error, in time
    await executor.idle()  // all that the error sets off has run
    #expect(
        race.hasEnded,
        "the server failed, yet withDeadline has not returned: it still waits for its timer. The first racer to finish decides, with its error too; cancel the other"
    )
    timer.open()  // lets a timer that nobody cancelled end, so that the test does not hang
    await #expect(
        throws: ServerDown.self,
        "the server failed before the deadline, yet withDeadline did not throw the server's error: only a deadline that passed is a timeout — the first racer to finish decides, and its error goes through as it is"
    ) {
        try await race.task.value
    }
}

// MARK: - The screen: decoding, progress, cancel, timeout

@Test func tilesAreDecodedOffTheMainActor() async throws {
    let server = FakeTileServer()
    server.finish(summit, lake)
    let decoder = ProbedDecoder()
    let model = saveScreen(server: server, decoder: decoder)
    // The map screen shows one tile, then the user saves the region.
    #expect(try await model.tile(summit) == decoded(summit))
    model.saveTapped([summit, lake])
    await model.saving?.value
    #expect(
        decoder.decodedOn == ["no actor", "no actor", "no actor"],
        "where each tile was decoded")
    #expect(model.savedTiles == [summit: decoded(summit), lake: decoded(lake)])
}

@Test func theSaveButtonShowsProgressAtOnce() async {
    let server = FakeTileServer()
    server.finish(summit, lake, valley)
    let model = saveScreen(server: server)
    model.saveTapped([summit, lake, valley])
    #expect(model.status == "Saving 0 of 3 tiles", "what the screen shows right after the tap")
    await model.saving?.value
    #expect(model.status == "Saved for offline use")
}

@Test func progressCountsTilesAsTheyArrive() async {
    let server = FakeTileServer()
    let model = saveScreen(server: server)
    model.saveTapped([summit, lake, valley])
    await server.waitForRequests(3)
    server.finish(lake)
    // If this never returns, the screen shows no progress while tiles are still on their way.
    await until { model.status == "Saving 1 of 3 tiles" || !model.status.hasPrefix("Saving") }
    #expect(
        model.status == "Saving 1 of 3 tiles",
        "the screen says \"\(model.status)\" with one tile of three in: the save stopped waiting for its tiles before they arrived. Fetch them in child tasks of the group the save waits on"
    )
    #expect(model.savedTiles == [lake: decoded(lake)])
    server.finish(summit, valley)
    await model.saving?.value
    #expect(model.status == "Saved for offline use")
    #expect(
        model.savedTiles == [
            summit: decoded(summit), lake: decoded(lake), valley: decoded(valley),
        ])
}

@Test func cancellingStopsTheSave() async {
    let server = FakeTileServer()
    let decoder = ProbedDecoder()
    let model = saveScreen(server: server, decoder: decoder)
    model.saveTapped([summit, lake, valley])
    await server.waitForRequests(3)
    model.cancelTapped()
    server.finish(summit, lake, valley)  // the tiles already on their way still arrive
    await model.saving?.value
    #expect(model.status == "Cancelled", "a cancelled save must end as cancelled: the work on its tiles stops with it")
    #expect(decoder.decoded.isEmpty, "a cancelled save decodes nothing more")
    #expect(model.savedTiles.isEmpty)
}

@Test func cancellingTheSaveLeavesTheMapItsTile() async throws {
    let server = FakeTileServer()
    let cache = TileCache(server: server, deadline: noDeadline)
    let model = OfflineMapModel(cache: cache, decoder: ProbedDecoder())
    model.saveTapped([summit])
    await server.waitForRequests(1)
    // The save is fetching the summit; the map screen needs the same tile. Then the user
    // cancels the save: the map screen still wants its tile.
    let onTheMap = await startRequest(summit, from: cache)
    model.cancelTapped()
    server.finish(summit)
    let mapsTile = await onTheMap.result
    #expect(
        (try? mapsTile.get()) == FakeTileServer.data(of: summit),
        "the map's request failed with the save: the fetch that both requests share was cancelled when the save's request left")
    await model.saving?.value
    #expect(model.status == "Cancelled", "a cancelled save must end as cancelled: the work on its tiles stops with it")
}

@Test func aSlowServerShowsTooSlow() async {
    let timer = DeadlineGate()
    timer.open()  // every deadline passes at once
    let server = FakeTileServer()
    server.runOutOfTime(summit, lake)  // and so does the server's own
    let model = saveScreen(server: server, deadline: timer.deadline)
    model.saveTapped([summit, lake])
    await model.saving?.value
    #expect(model.status == "The tile server is too slow. Try again later.")
}
