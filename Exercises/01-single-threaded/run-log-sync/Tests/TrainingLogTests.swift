import Testing

@testable import RunLogSync

private let tuesday = Run(name: "tuesday intervals", metres: 5000, seconds: 1535)
private let sunday = Run(name: "sunday long run", metres: 16000, seconds: 5760)
private let treadmill = Run(name: "treadmill, no GPS", metres: 0, seconds: 1800)

/// The sync job: it runs outside the main actor and syncs the runs into the log it is given.
@concurrent private func syncJob(_ runs: [Run], into log: TrainingLog) async -> (TrainingLog, Int) {
    #expect(#isolation == nil, "the sync job runs outside the main actor")
    var log = log
    let added = log.sync(runs)
    return (log, added)
}

/// One at a time, the test that owns the question first: code that shares which runs were synced
/// between logs fails it, and then the tests after it too — in this order, whatever the machine.
@Suite(.serialized) struct TrainingLogTests {
    @Test func everyLogReceivesEveryRun() async {
        let (phone, _) = await syncJob([tuesday, sunday], into: TrainingLog(owner: "ana"))
        let (coach, added) = await syncJob([tuesday, sunday], into: TrainingLog(owner: "coach"))
        #expect(
            phone.lines.count == 2,
            "the runner's log missed runs that another log had received: which runs a log has received belongs to that log")
        #expect(
            added == 2 && coach.lines == phone.lines,
            "the coach's log stayed empty after the runner's own log was synced: which runs a log has received belongs to that log")
        let (watch, addedToWatch) = await syncJob([tuesday, sunday], into: TrainingLog(owner: "ana"))
        #expect(
            addedToWatch == 2 && watch.lines == phone.lines,
            "the runner's watch log stayed empty after their phone log was synced: which runs a log has received belongs to that log, not to its owner")
    }

    @Test func paceReadsAsMinutesAndSecondsPerKilometre() {
        let format = PaceFormatter()
        #expect(format.text(for: tuesday.secondsPerKilometre) == "5:07 /km")
        #expect(format.text(for: sunday.secondsPerKilometre) == "6:00 /km")
        #expect(format.text(for: treadmill.secondsPerKilometre) == "no pace", "a run without distance has no pace")
    }

    @Test func theSyncJobWritesTheLogOffTheMainActor() async {
        let (log, added) = await syncJob([tuesday, treadmill], into: TrainingLog(owner: "me"))
        #expect(added == 2)
        #expect(log.lines == ["tuesday intervals: 5000 m, 5:07 /km", "treadmill, no GPS: 0 m, no pace"])
    }

    @Test func aLogReceivesEachRunOnce() async {
        let (once, _) = await syncJob([tuesday], into: TrainingLog(owner: "me"))
        let (twice, added) = await syncJob([tuesday, sunday], into: once)
        #expect(added == 1, "a run already in the log is not copied again")
        #expect(twice.lines == ["tuesday intervals: 5000 m, 5:07 /km", "sunday long run: 16000 m, 6:00 /km"])
    }

    @Test func theRunScreenShowsTheSameLines() {
        var log = TrainingLog(owner: "screen")
        #expect(log.sync([sunday]) == 1)
        #expect(log.lines == ["sunday long run: 16000 m, 6:00 /km"])
    }
}
