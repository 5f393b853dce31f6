// A voice-memo app cleans a recording up before it is shared: the app's own filters first,
// then any filter a plug-in adds. This module is built in main actor mode, with
// NonisolatedNonsendingByDefault on. The type of `apply` says that no caller lends a filter its
// actor: a filter written without an actor of its own runs on the pool, whoever calls it, so
// the screen stays responsive. (A filter written `@MainActor` would still run on the main actor.)

/// One filter of the cleanup: CPU work on every sample of the recording.
nonisolated struct Filter: Sendable {
    let name: String
    let apply: @concurrent @Sendable ([Float]) async -> [Float]
}

/// The memo screen's model: it runs every filter in order and shows which one is running.
final class MemoCleanup {
    private(set) var status = "ready"
    private(set) var samples: [Float]
    private let filters: [Filter]

    init(samples: [Float], plugIns: [Filter] = []) {
        self.samples = samples
        let builtIn = [
            Filter(name: "remove hum") { samples in
                samples.map { $0 * 0.5 }
            },
            Filter(name: "normalise") { samples in
                let peak = samples.map(abs).max() ?? 0
                return peak == 0 ? samples : samples.map { $0 / peak }
            },
        ]
        filters = builtIn + plugIns
    }

    /// Runs the filters one after another; the screen shows `status` meanwhile.
    func clean() async {
        for filter in filters {
            status = "cleaning: \(filter.name)"
            samples = await filter.apply(samples)
        }
        status = "clean"
    }
}
