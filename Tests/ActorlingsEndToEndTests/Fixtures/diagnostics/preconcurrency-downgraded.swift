// swiftc-flags:
/// Declared before its module adopted Swift concurrency: misuses are warnings, not errors.
@preconcurrency @MainActor func updateAppBadge(_ count: Int) {}

@preconcurrency func runOnWorkerQueue(_ work: @escaping @Sendable () -> Void) {}

final class SyncState {
    var pending = 0
}

func legacySyncFinished(_ state: SyncState) {
    updateAppBadge(0)
    runOnWorkerQueue {
        state.pending = 0
    }
}
