import Testing
@testable import Capstone

private let summit = TileID(zoom: 15, x: 17_059, y: 11_585)
private let lake = TileID(zoom: 15, x: 17_060, y: 11_585)
private let valley = TileID(zoom: 15, x: 17_059, y: 11_586)

/// The save screen's model, over a cache of its own.
private func saveScreen(server: FakeTileServer, deadline: Deadline = noDeadline,
                        decoder: ProbedDecoder = ProbedDecoder()) -> OfflineMapModel {
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
    #expect(server.requested == [summit, summit],
            "the retry got the old failure instead of fetching again")
    server.finish(summit)
    #expect(try await retry.value == FakeTileServer.data(of: summit))
}

// MARK: - The deadline of a fetch

@Test func aQuickAnswerCancelsItsTimer() async throws {
    let server = FakeTileServer()
    server.finish(summit)
    let timer = DeadlineGate()
    let cache = TileCache(server: server, deadline: timer.deadline)
    #expect(try await cache.data(for: summit) == FakeTileServer.data(of: summit))
    #expect(timer.wasCancelled, "once the tile is in, its timer is cancelled")
}

@Test func aSlowTileTimesOut() async {
    let server = FakeTileServer()
    let timer = DeadlineGate()
    let cache = TileCache(server: server, deadline: timer.deadline)
    let request = Task { try await cache.data(for: summit) }
    await server.waitForRequests(1)
    timer.open()  // the deadline passes
    // If this never returns, the deadline does not cancel the request it is waiting for.
    await #expect(throws: TileError.timedOut(summit)) { try await request.value }
    #expect(server.wasCancelled(summit), "the late request is cancelled")
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
    #expect(server.wasCancelled(summit),
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
    #expect(decoder.decodedOn == ["no actor", "no actor", "no actor"],
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
    #expect(model.savedTiles == [
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
    #expect((try? mapsTile.get()) == FakeTileServer.data(of: summit),
            "the map's request failed with the save: the fetch that both requests share was cancelled when the save's request left")
    await model.saving?.value
    #expect(model.status == "Cancelled", "a cancelled save must end as cancelled: the work on its tiles stops with it")
}

@Test func aSlowServerShowsTooSlow() async {
    let timer = DeadlineGate()
    timer.open()  // every deadline passes at once
    let model = saveScreen(server: FakeTileServer(), deadline: timer.deadline)
    model.saveTapped([summit, lake])
    await model.saving?.value
    #expect(model.status == "The tile server is too slow. Try again later.")
}
