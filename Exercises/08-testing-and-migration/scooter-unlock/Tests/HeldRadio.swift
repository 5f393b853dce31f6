import Synchronization
@testable import ScooterUnlock

// Don't change this file: it is the test double your tests use.

/// A radio link that holds every lock until your test opens it or fails it. A rider who gives
/// up (their task is cancelled) while the radio holds the lock gets `CancellationError`.
nonisolated final class HeldRadio: ScooterRadio {
    private struct State {
        var held: [String: CheckedContinuation<Void, any Error>] = [:]
        var arrived: [String] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// The scooters whose lock the radio has been asked to open, in order.
    var requests: [String] { state.withLock { $0.arrived } }

    func openLock(of scooter: String) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (lock: CheckedContinuation<Void, any Error>) in
                let (ready, cancelled) = state.withLock { state in
                    state.arrived.append(scooter)
                    let ready = state.waiters.filter { $0.count <= state.arrived.count }
                    state.waiters.removeAll { $0.count <= state.arrived.count }
                    if Task.isCancelled { return (ready, true) }
                    state.held[scooter] = lock
                    return (ready, false)
                }
                if cancelled { lock.resume(throwing: CancellationError()) }
                ready.forEach { $0.continuation.resume() }
            }
        } onCancel: {
            let lock = state.withLock { $0.held.removeValue(forKey: scooter) }
            lock?.resume(throwing: CancellationError())
        }
    }

    /// Returns once the radio has been asked to open `count` locks in all (at once if it has).
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.arrived.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Opens the lock of `scooter`: its unlock succeeds.
    func open(_ scooter: String) {
        state.withLock { $0.held.removeValue(forKey: scooter) }?.resume()
    }

    /// Fails the lock of `scooter`: its unlock throws `UnlockError.noSignal`.
    func lose(_ scooter: String) {
        state.withLock { $0.held.removeValue(forKey: scooter) }?.resume(throwing: UnlockError.noSignal)
    }
}
