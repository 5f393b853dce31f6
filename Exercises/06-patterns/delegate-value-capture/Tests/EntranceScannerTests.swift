import InterleavingHarness
import Testing

@testable import DelegateValueCapture

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// The camera thread: calls the delegate off the main actor, once per frame, and reuses one
/// `Detection` for every frame, as the real library does.
@concurrent func deliver(_ frames: [(code: String, confidence: Double)], to delegate: any ScannerDelegate) async {
    let detection = Detection(payload: "", confidence: 0)
    for frame in frames {
        detection.payload = frame.code
        detection.confidence = frame.confidence
        delegate.scanner(didDetect: detection)
    }
}

@concurrent func loseFocus(of delegate: any ScannerDelegate) async {
    delegate.scannerDidLoseFocus()
}

/// Lets the main actor run the updates that the camera thread queued on it, until `done()`
/// holds. They were queued before the camera thread returned, so a few turns are enough; a
/// model that never updates fails after a thousand.
func settle(until done: () -> Bool) async {
    var turns = 0
    while !done() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
}

@Test func ticketsScannedOnTheCameraThreadAreAdmitted() async {
    let model = EntranceModel()
    await deliver([("GA-1042", 0.97), ("VIP-7", 0.93)], to: model)
    await settle { model.admitted.count == 2 }
    #expect(
        model.admitted == [Ticket(code: "GA-1042", confidence: 0.97), Ticket(code: "VIP-7", confidence: 0.93)],
        "each ticket keeps the code and confidence of its own frame")
    #expect(model.status == "Welcome! VIP-7")
}

@Test func aBlurryFrameAsksToHoldStill() async {
    let model = EntranceModel()
    await deliver([("GA-1042", 0.41)], to: model)
    await settle { model.status != "Point the camera at a ticket" }
    #expect(model.status == "Hold still…")
    #expect(model.admitted.isEmpty)
}

@Test func aTicketGetsInOnce() async {
    let model = EntranceModel()
    await deliver([("GA-1042", 0.95), ("GA-1042", 0.99)], to: model)
    await settle { model.status.hasPrefix("Already") }
    #expect(model.admitted == [Ticket(code: "GA-1042", confidence: 0.95)])
    #expect(model.status == "Already scanned: GA-1042")
}

@Test func losingFocusAsksToMoveCloser() async {
    let model = EntranceModel()
    await loseFocus(of: model)
    await settle { model.status != "Point the camera at a ticket" }
    #expect(model.status == "Move closer")
}

/// A busy camera: three frames arrive, in the one reused `Detection`, before the main actor
/// gets a turn to run the updates they queued. Only values copied in the delegate method
/// itself still hold each frame's ticket by then.
@Test func eachTicketIsReadFromItsOwnFrame() async {
    let model = EntranceModel()
    let detection = Detection(payload: "", confidence: 0)
    for (code, confidence) in [("GA-1", 0.95), ("GA-2", 0.96), ("GA-3", 0.97)] {
        detection.payload = code
        detection.confidence = confidence
        model.scanner(didDetect: detection)
    }
    await settle { model.admitted.count == 3 || model.status.hasPrefix("Already") }
    #expect(
        model.admitted.map(\.code) == ["GA-1", "GA-2", "GA-3"],
        "a task read the Detection after the camera overwrote it with a later frame: copy its values in the delegate method, before the hop")
}

/// The screen as the exploring test sees it: the tickets admitted and the status line.
private func screen(of model: EntranceModel) -> (admitted: [Ticket], status: String) {
    Interleavings.note("sees \(model.admitted.map { "\($0.code) at \($0.confidence)" }) admitted, “\(model.status)”")
    return (model.admitted, model.status)
}

/// The camera sees a ticket twice, a blurry frame and a sharp one of the next, then loses focus,
/// one frame after another on its thread, while the schedule runs the tasks the frames started in
/// a hundred orders (seeded, the same on every machine), the main actor taking its turns among
/// them as if busy drawing. Whatever the order, the screen ends as the camera's order says: the
/// first sharp frame of a ticket admits it, and the status line tells what the last event was.
@Test func theScreenFollowsTheCameraInItsOrder() async {
    await Interleavings.explore(schedules: 100, schedulesMainActor: true) {
        let model = EntranceModel()
        try await Interleavings.concurrently([
            (
                "camera",
                {
                    let detection = Detection(payload: "", confidence: 0)
                    for (code, confidence) in [("GA-1", 0.95), ("GA-1", 0.99), ("VIP-7", 0.41), ("VIP-7", 0.93)] {
                        Interleavings.note("sees \(code) at \(confidence)")
                        detection.payload = code
                        detection.confidence = confidence
                        model.scanner(didDetect: detection)
                        await Interleavings.pause()
                    }
                    Interleavings.note("loses focus")
                    model.scannerDidLoseFocus()
                }
            )
        ])
        let shown = await screen(of: model)
        let expected = [Ticket(code: "GA-1", confidence: 0.95), Ticket(code: "VIP-7", confidence: 0.93)]
        try Interleavings.check(
            shown.admitted == expected && shown.status == "Move closer",
            "the screen admitted \(shown.admitted.map { "\($0.code) at \($0.confidence)" }) and says “\(shown.status)”, but the camera's order admits GA-1 at 0.95 and VIP-7 at 0.93 and ends with “Move closer”: the updates reached the main actor in another order than the camera made them. A plain `Task { }` starts off the main actor and reaches it in any order; `Task { @MainActor in … }` is queued on the main actor at once, in the order the hops were made"
        )
    }
}
