// Course support code: the exercises' tests import it; learners read it, never change it.

import Synchronization

/// A moment a task of the schedule waits for — the server's answer, the deadline — that comes
/// when another task says so, or ends the wait with `CancellationError` as soon as the waiting
/// task is cancelled. It notes each step in the trace and remembers how the wait ended.
public final class Moment: Sendable {
    public enum Ending: Sendable, Equatable {
        /// Nobody waits yet, or a task still waits.
        case waiting
        case came
        case cancelled
    }
    private struct State {
        var ending = Ending.waiting
        var waiter: CheckedContinuation<Void, any Error>?
        var callerLeft = false
        var cameForNobody = false
    }
    private let state = Mutex(State())
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var ending: Ending { state.withLock { $0.ending } }
    /// Whether it came, and ended a wait, after the caller had left.
    public var cameForNobody: Bool { state.withLock { $0.cameForNobody } }

    public func wait() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let ending = state.withLock { state in
                    if state.ending == .waiting { state.waiter = waiter }
                    return state.ending
                }
                switch ending {
                case .waiting: break
                case .came: waiter.resume()
                case .cancelled: waiter.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let (waiter, cancelled) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, Bool) in
                guard state.ending == .waiting else { return (nil, false) }
                state.ending = .cancelled
                defer { state.waiter = nil }
                return (state.waiter, true)
            }
            if cancelled { Interleavings.note("\(name) is cancelled") }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// The moment comes: a task that waits goes on (unless it was cancelled first).
    public func come() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>?? in
            guard state.ending == .waiting else { return nil }
            state.ending = .came
            if state.callerLeft { state.cameForNobody = true }
            defer { state.waiter = nil }
            return .some(state.waiter)
        }
        if let waiter {
            Interleavings.note("\(name) comes")
            waiter?.resume()
        }
    }

    /// The caller that waits for this moment was cancelled.
    public func callerLeft() {
        state.withLock { $0.callerLeft = true }
    }
}
