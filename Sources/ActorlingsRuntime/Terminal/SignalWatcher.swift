import Dispatch
import Foundation
import Synchronization

/// Delivers Unix signals as an `AsyncStream`, so that watch mode can clean up on Ctrl-C.
///
/// A C signal handler may do almost nothing (no locks, no allocation), and watch mode must kill
/// the running check's process tree and restore the terminal. Dispatch signal sources run
/// ordinary code on a queue instead. While a signal is watched its disposition is "ignore":
/// on Darwin a kqueue signal source only observes, and the default action (terminate) would
/// still run. On Linux, Dispatch replaces that disposition with a handler of its own the first
/// time the signal gets a source, and never installs it again; so when watching stops the
/// disposition in force is saved, and put back, rather than "ignore", when watching resumes.
public enum SignalWatcher {
    private struct Registry {
        /// How many live streams watch each signal; the last one to end restores the default.
        var watchers: [Int32: Int] = [:]
        /// The disposition each signal had while last watched.
        var watchingActions: [Int32: sigaction] = [:]

        /// Saves the disposition in force and puts back the default.
        mutating func stopWatching(_ number: Int32) {
            var current = sigaction()
            if sigaction(number, nil, &current) == 0 {
                watchingActions[number] = current
            }
            _ = signal(number, SIG_DFL)
        }
    }

    private static let registry = Mutex(Registry())
    private static let queue = DispatchQueue(label: "actorlings.signals")

    /// A stream of the given signals as they arrive (several arrivals of one signal before the
    /// queue runs may be reported once).
    ///
    /// Returns once the kernel watches every signal, so that one sent right after is not lost.
    /// While the stream lives the signals do not have their default effect; when it ends (the
    /// iterating task is cancelled, or the stream is dropped) the default disposition comes
    /// back, unless another stream still watches that signal.
    ///
    /// "Ignore" survives `exec`: spawn child processes with `POSIX_SPAWN_SETSIGDEF` for these
    /// signals (and an empty `POSIX_SPAWN_SETSIGMASK`: Dispatch's threads block signals), or
    /// they will ignore the SIGTERM meant to stop them.
    public static func signals(_ signals: [Int32]) -> AsyncStream<Int32> {
        let signals = Array(Set(signals)).sorted()
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        registry.withLock { registry in
            for number in signals {
                registry.watchers[number, default: 0] += 1
                guard registry.watchers[number] == 1 else { continue }
                if var action = registry.watchingActions[number] {
                    _ = sigaction(number, &action, nil)
                } else {
                    _ = signal(number, SIG_IGN)
                }
            }
        }
        let registered = DispatchSemaphore(value: 0)
        let sources = Sources()
        for number in signals {
            sources.add(number: number, queue: queue, registered: registered) {
                continuation.yield(number)
            }
        }
        for _ in signals {
            // Registration is asynchronous and takes microseconds; the bound only guards
            // against a Dispatch that never calls back.
            _ = registered.wait(timeout: .now() + .seconds(2))
        }
        continuation.onTermination = { _ in
            sources.cancelAll()
            release(signals)
        }
        return stream
    }

    /// Puts back the default disposition of `signals`, even while streams watch them.
    ///
    /// For a program that must let these signals have their usual effect again before its
    /// streams end, such as one about to re-raise the signal it got: with the disposition still
    /// "ignore", the signal would do nothing.
    public static func restoreDefaultDispositions(_ signals: [Int32]) {
        registry.withLock { registry in
            for number in signals {
                if registry.watchers.removeValue(forKey: number) != nil {
                    registry.stopWatching(number)
                } else {
                    _ = signal(number, SIG_DFL)
                }
            }
        }
    }

    private static func release(_ signals: [Int32]) {
        registry.withLock { registry in
            for number in signals {
                guard let count = registry.watchers[number] else { continue }
                if count > 1 {
                    registry.watchers[number] = count - 1
                } else {
                    registry.watchers[number] = nil
                    registry.stopWatching(number)
                }
            }
        }
    }

    /// The Dispatch sources of one stream; they are not `Sendable`, so they live in a `Mutex`.
    private final class Sources: Sendable {
        private let sources = Mutex<[any DispatchSourceSignal]>([])

        func add(
            number: Int32,
            queue: DispatchQueue,
            registered: DispatchSemaphore,
            onSignal: @escaping @Sendable () -> Void
        ) {
            sources.withLock { sources in
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setRegistrationHandler { registered.signal() }
                source.setEventHandler(handler: onSignal)
                source.resume()
                sources.append(source)
            }
        }

        func cancelAll() {
            sources.withLock { sources in
                for source in sources { source.cancel() }
                sources.removeAll()
            }
        }
    }
}
