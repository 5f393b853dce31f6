import Dispatch
import Synchronization

/// Reports changes to the source files in a few directories: what watch mode re-checks on.
///
/// Directories are watched, not files, because editors save by writing a temporary file and
/// renaming it over the original; a watch on the file itself would stay on the old, deleted
/// inode. Each directory's events go through a `NameFilter` (editor swap, backup and probe
/// files are not sources), then through a per-stream debounce, because one save is several
/// events (write the temporary file, rename it, delete the backup) and should cost one check.
///
/// The platform half (`FileWatcher+Linux.swift`, `FileWatcher+Darwin.swift`) supplies `Monitor`,
/// which turns kernel events into `Event`s; everything here is shared.
public final class FileWatcher: Sendable {
    /// The watched directories, without trailing slashes: reported paths start with one of them.
    public let directories: [String]

    private let monitor: Monitor
    private let subscribers: Subscribers

    /// Starts watching `directories` for changes to files whose extension is in `extensions`.
    ///
    /// - Throws: `FileWatcherError.cannotWatch` naming the first directory that does not exist,
    ///   is not a directory or cannot be read; `.cannotStart` if the system has no watcher left.
    public init(
        directories: [String],
        extensions: Set<String> = ["swift"]
    ) throws(FileWatcherError) {
        var seen: Set<String> = []
        let directories = directories.map(Self.withoutTrailingSlashes).filter {
            seen.insert($0).inserted
        }
        let filter = NameFilter(extensions: extensions)
        let subscribers = Subscribers(directories: directories, filter: filter)
        self.directories = directories
        self.subscribers = subscribers
        self.monitor = try Monitor(directories: directories, filter: filter) { event in
            subscribers.receive(event)
        }
    }

    deinit {
        monitor.stop()
    }

    /// A stream of coalesced changes: each element is the set of paths changed in one burst.
    ///
    /// A burst ends when no event came for `debounce`; a burst that never goes quiet is still
    /// reported every ten `debounce`s, so a busy directory cannot starve the watcher. An element
    /// holding a *directory* path means the system lost track of what changed in it (its event
    /// queue overflowed, or the directory itself was moved or deleted): re-check everything.
    ///
    /// Each call makes an independent stream, which sees the changes noticed after the call.
    /// The stream keeps the watcher alive; it finishes after `stop()`, once the watcher's
    /// descriptors are closed.
    public func changes(debounce: Duration = .milliseconds(50)) -> AsyncStream<Set<String>> {
        let (stream, continuation) = AsyncStream.makeStream(of: Set<String>.self)
        let subscription = Subscription(continuation: continuation, debounce: debounce)
        // Capturing `self` is deliberate: a consumer may hold only the stream.
        continuation.onTermination = { _ in self.subscribers.remove(subscription) }
        if !subscribers.add(subscription) {
            continuation.finish()
        }
        return stream
    }

    /// Stops watching and finishes every stream; returns at once. Idempotent.
    ///
    /// The descriptors are closed by the time the streams finish, not necessarily when this
    /// returns: the Linux reader thread closes them on its way out.
    public func stop() {
        monitor.stop()
    }

    /// The descriptors the watcher owns, so that tests can check that stopping closes them.
    package var descriptors: [Int32] {
        monitor.descriptors
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

/// Why a `FileWatcher` could not start.
public enum FileWatcherError: Error, Equatable, CustomStringConvertible {
    /// The directory does not exist, is not a directory, or may not be read.
    case cannotWatch(directory: String, reason: String)
    /// The system has no watcher (or descriptor) left to give.
    case cannotStart(reason: String)

    public var description: String {
        switch self {
        case .cannotWatch(let directory, let reason):
            "cannot watch the directory \(directory) for changes: \(reason)"
        case .cannotStart(let reason):
            "cannot watch files for changes: \(reason)"
        }
    }
}

extension FileWatcher {
    /// What a platform `Monitor` reports; names are not yet filtered.
    enum Event: Sendable {
        /// Something happened to the entry `name` of `directory`.
        case entry(directory: String, name: String)
        /// `directory` changed in a way that cannot be narrowed to entries.
        case directory(String)
        /// Events were lost: anything in any directory may have changed.
        case lostTrack
        /// The monitor stopped and closed its descriptors; nothing follows.
        case ended
    }

    /// Tells a source file from the other files editors and tools leave next to it.
    package struct NameFilter: Sendable {
        /// Extensions without the dot, such as `swift`.
        package var extensions: Set<String>

        package init(extensions: Set<String>) {
            self.extensions = Set(
                extensions.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 })
        }

        package func accepts(_ name: String) -> Bool {
            // Hidden names cover vim's swap files (`.x.swift.swp`), emacs's lock links
            // (`.#x.swift`) and macOS's `._x.swift`; `#x.swift#` is emacs's auto-save, a `~`
            // suffix a backup, and `4913` the file vim creates to probe whether it may write.
            if name.hasPrefix(".") || name.hasPrefix("#") || name.hasSuffix("~") || name == "4913" {
                return false
            }
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
            return extensions.contains(String(name[name.index(after: dot)...]))
        }
    }
}

extension FileWatcher {
    /// The live streams of one watcher; `nil` once the monitor has ended.
    private final class Subscribers: Sendable {
        private let directories: [String]
        private let filter: NameFilter
        private let streams = Mutex<[ObjectIdentifier: Subscription]?>([:])

        init(directories: [String], filter: NameFilter) {
            self.directories = directories
            self.filter = filter
        }

        /// Adds a stream; false if the watcher has already ended.
        func add(_ subscription: Subscription) -> Bool {
            streams.withLock { streams in
                guard streams != nil else { return false }
                streams?[ObjectIdentifier(subscription)] = subscription
                return true
            }
        }

        func remove(_ subscription: Subscription) {
            streams.withLock { _ = $0?.removeValue(forKey: ObjectIdentifier(subscription)) }
        }

        func receive(_ event: Event) {
            switch event {
            case .entry(let directory, let name):
                guard filter.accepts(name) else { return }
                deliver([directory == "/" ? "/" + name : directory + "/" + name])
            case .directory(let directory):
                deliver([directory])
            case .lostTrack:
                deliver(Set(directories))
            case .ended:
                let ending = streams.withLock { streams in
                    defer { streams = nil }
                    return streams.map { Array($0.values) } ?? []
                }
                for subscription in ending { subscription.finish() }
            }
        }

        private func deliver(_ paths: Set<String>) {
            let current = streams.withLock { streams in streams.map { Array($0.values) } ?? [] }
            for subscription in current { subscription.add(paths) }
        }
    }

    /// One stream's debounce: collects paths until the burst goes quiet, then yields them.
    private final class Subscription: Sendable {
        private struct Burst {
            var paths: Set<String> = []
            var started: ContinuousClock.Instant?
            var lastEvent: ContinuousClock.Instant?
            var timerArmed = false
            var finished = false
        }

        /// One queue for every stream, so that a stream's elements are yielded in order.
        private static let timers = DispatchQueue(label: "actorlings.file-watcher.debounce")

        private let continuation: AsyncStream<Set<String>>.Continuation
        private let debounce: Duration
        private let burst = Mutex(Burst())

        init(continuation: AsyncStream<Set<String>>.Continuation, debounce: Duration) {
            self.continuation = continuation
            self.debounce = max(debounce, .zero)
        }

        func add(_ paths: Set<String>) {
            let arm = burst.withLock { burst in
                guard !burst.finished else { return false }
                let now = ContinuousClock.now
                burst.paths.formUnion(paths)
                burst.lastEvent = now
                if burst.started == nil { burst.started = now }
                // One timer at a time: it re-arms itself while events keep coming.
                guard !burst.timerArmed else { return false }
                burst.timerArmed = true
                return true
            }
            if arm { fire(after: debounce) }
        }

        func finish() {
            burst.withLock { $0 = Burst(finished: true) }
            continuation.finish()
        }

        private func fire(after delay: Duration) {
            let (seconds, attoseconds) = max(delay, .zero).components
            let nanoseconds = min(seconds, 86_400) * 1_000_000_000 + attoseconds / 1_000_000_000
            Self.timers.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
                self.timerFired()
            }
        }

        private func timerFired() {
            enum Step {
                case wait(Duration)
                case yield(Set<String>)
                case nothing
            }
            let step = burst.withLock { burst -> Step in
                // Both are nil after `finish()`, and after a yield until the next event.
                guard let started = burst.started, let lastEvent = burst.lastEvent else {
                    burst.timerArmed = false
                    return .nothing
                }
                let due = min(lastEvent + debounce, started + debounce * 10)
                let now = ContinuousClock.now
                if now < due { return .wait(due - now) }
                let paths = burst.paths
                burst = Burst()
                return .yield(paths)
            }
            switch step {
            case .wait(let remaining): fire(after: remaining)
            case .yield(let paths): continuation.yield(paths)
            case .nothing: break
            }
        }
    }
}
