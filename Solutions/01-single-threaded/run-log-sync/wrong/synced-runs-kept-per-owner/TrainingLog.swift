import Synchronization

// A running app, built in main actor mode. After each run, a sync job copies the new runs into
// the training logs the runner shares (their own, their coach's). The sync job runs outside
// the main actor; the run screen on the main actor shows the same lines.

/// One recorded run.
nonisolated struct Run: Equatable {
    let name: String
    let metres: Int
    let seconds: Int
}

nonisolated extension Run {
    /// Seconds per kilometre, rounded down; nil for a run without distance.
    var secondsPerKilometre: Int? {
        metres > 0 ? seconds * 1000 / metres : nil
    }
}

/// Writes a pace as the runner reads it: "5:07 /km".
nonisolated struct PaceFormatter {
    func text(for secondsPerKilometre: Int?) -> String {
        guard let pace = secondsPerKilometre else { return "no pace" }
        let rest = pace % 60
        return "\(pace / 60):\(rest < 10 ? "0" : "")\(rest) /km"
    }
}

/// One training log: the lines it has received, each run copied once.
nonisolated struct TrainingLog {
    let owner: String
    private(set) var lines: [String] = []
    /// The runs each owner's log has received, kept apart by owner and safe behind a lock.
    static let syncedRuns = Mutex<[String: Set<String>]>([:])

    init(owner: String) {
        self.owner = owner
    }

    /// Copies the runs this log has not received yet; returns how many were new.
    mutating func sync(_ runs: [Run]) -> Int {
        var added = 0
        for run in runs where Self.syncedRuns.withLock({ $0[owner, default: []].insert(run.name).inserted }) {
            let pace = PaceFormatter().text(for: run.secondsPerKilometre)
            lines.append("\(run.name): \(run.metres) m, \(pace)")
            added += 1
        }
        return added
    }
}
