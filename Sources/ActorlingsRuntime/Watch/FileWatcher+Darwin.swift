#if canImport(Darwin)
    import Darwin
    import Dispatch
    import Foundation
    import Synchronization

    extension FileWatcher {
        /// The macOS half of `FileWatcher`: kqueue vnode sources, through Dispatch.
        ///
        /// A directory's source says only *that* the directory changed (an entry was added, removed
        /// or renamed), so each of its events re-lists the directory and compares inode, size and
        /// modification time with the previous listing. Writing into an existing file does not
        /// change its directory, so every accepted file gets a source of its own too; when a save
        /// replaces a file by rename, the next listing sees a new inode and re-opens the file's
        /// source on it. All handlers run on one serial queue.
        final class Monitor: Sendable {
            private struct Stamp: Equatable {
                var inode: UInt64
                var size: Int64
                var seconds: Int
                var nanoseconds: Int
            }

            private struct Watch {
                var descriptor: Int32
                var inode: UInt64
                var source: any DispatchSourceFileSystemObject
            }

            private struct Directory {
                var watch: Watch
                var listing: [String: Stamp]
                var files: [String: Watch] = [:]
            }

            private struct State {
                var directories: [String: Directory] = [:]
                /// Sources created and not yet through their cancel handler.
                var liveSources = 0
                var stopped = false
                var ended = false
                /// Files with a quiet-period check pending: one per file, however many writes
                /// come meanwhile (a check per write could report one save twice).
                var awaitingQuiet: Set<String> = []
            }

            // Computed: `FileSystemEvent` is not `Sendable` everywhere, so it cannot be a stored static.
            private static var directoryEvents: DispatchSource.FileSystemEvent {
                [.write, .delete, .rename, .revoke]
            }

            private static var fileEvents: DispatchSource.FileSystemEvent {
                [.write, .extend, .attrib, .delete, .rename, .revoke]
            }

            private let queue = DispatchQueue(label: "actorlings.file-watcher")
            private let filter: NameFilter
            private let report: @Sendable (Event) -> Void
            private let state = Mutex(State())

            init(
                directories: [String],
                filter: NameFilter,
                report: @escaping @Sendable (Event) -> Void
            ) throws(FileWatcherError) {
                self.filter = filter
                self.report = report
                // Open every directory before making any source, so a failure has nothing to undo
                // but descriptors.
                var opened: [(path: String, descriptor: Int32)] = []
                for path in directories {
                    let descriptor = open(path, O_EVTONLY | O_DIRECTORY | O_CLOEXEC)
                    guard descriptor >= 0 else {
                        let code = errno
                        for directory in opened { close(directory.descriptor) }
                        throw .cannotWatch(directory: path, reason: Self.explain(code))
                    }
                    opened.append((path, descriptor))
                }
                let listings = opened.map { listing(of: $0.path) ?? [:] }
                state.withLock { state in
                    for ((path, descriptor), listing) in zip(opened, listings) {
                        let watch = makeWatch(
                            descriptor, inode: 0, events: Self.directoryEvents, state: &state
                        ) {
                            [self] in rescan(path)
                        }
                        var directory = Directory(watch: watch, listing: listing)
                        for (name, _) in listing {
                            directory.files[name] = watchFile(name, in: path, state: &state)
                        }
                        state.directories[path] = directory
                    }
                }
            }

            /// Cancels every source; the last cancel handler to run reports `.ended`.
            func stop() {
                let endsNow = state.withLock { state in
                    guard !state.stopped else { return false }
                    state.stopped = true
                    for directory in state.directories.values {
                        directory.watch.source.cancel()
                        for file in directory.files.values { file.source.cancel() }
                    }
                    // Dispatch keeps a cancelled source alive until its cancel handler has run.
                    state.directories = [:]
                    guard state.liveSources == 0, !state.ended else { return false }
                    state.ended = true
                    return true
                }
                if endsNow { report(.ended) }
            }

            var descriptors: [Int32] {
                state.withLock { state in
                    state.directories.values.flatMap {
                        [$0.watch.descriptor] + $0.files.values.map(\.descriptor)
                    }
                }
            }

            /// Re-lists `path`, reports what differs from the last listing, and moves file sources
            /// onto new and replaced files.
            private func rescan(_ path: String) {
                guard let current = listing(of: path) else {
                    // Moved, deleted or made unreadable: nothing to compare, everything to re-check.
                    report(.directory(path))
                    return
                }
                let changed = state.withLock { state -> [String] in
                    guard !state.stopped, var directory = state.directories[path] else { return [] }
                    let changed =
                        current.filter { directory.listing[$0.key] != $0.value }.map(\.key)
                        + directory.listing.keys.filter { current[$0] == nil }
                    directory.listing = current
                    for (name, file) in directory.files where current[name]?.inode != file.inode {
                        file.source.cancel()
                        directory.files[name] = nil
                    }
                    for name in current.keys where directory.files[name] == nil {
                        directory.files[name] = watchFile(name, in: path, state: &state)
                    }
                    state.directories[path] = directory
                    return changed
                }
                for name in changed { report(.entry(directory: path, name: name)) }
            }

            private func watchFile(_ name: String, in directory: String, state: inout State)
                -> Watch?
            {
                let descriptor = open(Self.join(directory, name), O_EVTONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return nil }
                // The inode of what was opened, not of what was listed: a rename in between must
                // show up as a difference at the next listing.
                var info = stat()
                let inode = fstat(descriptor, &info) == 0 ? UInt64(info.st_ino) : 0
                return makeWatch(descriptor, inode: inode, events: Self.fileEvents, state: &state) {
                    [self] in
                    let path = Self.join(directory, name)
                    // A check already pending re-arms itself while the file keeps changing.
                    guard self.state.withLock({ $0.awaitingQuiet.insert(path).inserted }) else { return }
                    reportWhenQuiet(directory: directory, name: name, last: stamp(of: path))
                }
            }

            /// How long a file's size and modification time must hold still before it is reported.
            private static let quietPeriod = DispatchTimeInterval.milliseconds(100)

            /// `NOTE_WRITE` fires on every `write`, where Linux waits for `IN_CLOSE_WRITE`: a file is
            /// reported only once it stopped changing, so a slow in-place save is never checked half
            /// written. Runs on the watcher's serial queue.
            private func reportWhenQuiet(directory: String, name: String, last: Stamp?) {
                queue.asyncAfter(deadline: .now() + Self.quietPeriod) { [self] in
                    let now = stamp(of: Self.join(directory, name))
                    guard now == last else {
                        reportWhenQuiet(directory: directory, name: name, last: now)
                        return
                    }
                    let stopped = self.state.withLock { state in
                        state.awaitingQuiet.remove(Self.join(directory, name))
                        return state.stopped
                    }
                    guard !stopped else { return }
                    report(.entry(directory: directory, name: name))
                    rescan(directory)
                }
            }

            /// Inode, size and modification time of a regular file; nil for anything else or nothing.
            private func stamp(of path: String) -> Stamp? {
                var info = stat()
                guard stat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return nil }
                return Stamp(
                    inode: UInt64(info.st_ino),
                    size: Int64(info.st_size),
                    seconds: Int(info.st_mtimespec.tv_sec),
                    nanoseconds: Int(info.st_mtimespec.tv_nsec)
                )
            }

            /// Makes and starts a source that owns `descriptor`: its cancel handler closes it.
            private func makeWatch(
                _ descriptor: Int32,
                inode: UInt64,
                events: DispatchSource.FileSystemEvent,
                state: inout State,
                onEvent: @escaping @Sendable () -> Void
            ) -> Watch {
                let source = DispatchSource.makeFileSystemObjectSource(
                    fileDescriptor: descriptor,
                    eventMask: events,
                    queue: queue
                )
                source.setEventHandler(handler: onEvent)
                let onCancel: @Sendable () -> Void = { [self] in
                    close(descriptor)
                    sourceCancelled()
                }
                source.setCancelHandler(handler: onCancel)
                source.activate()
                state.liveSources += 1
                return Watch(descriptor: descriptor, inode: inode, source: source)
            }

            private func sourceCancelled() {
                let endsNow = state.withLock { state in
                    state.liveSources -= 1
                    guard state.stopped, state.liveSources == 0, !state.ended else { return false }
                    state.ended = true
                    return true
                }
                if endsNow { report(.ended) }
            }

            /// The accepted regular files of `path`; `nil` if it cannot be listed.
            private func listing(of path: String) -> [String: Stamp]? {
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                    return nil
                }
                var listing: [String: Stamp] = [:]
                for name in names where filter.accepts(name) {
                    listing[name] = stamp(of: Self.join(path, name))
                }
                return listing
            }

            private static func join(_ directory: String, _ name: String) -> String {
                directory.hasSuffix("/") ? directory + name : directory + "/" + name
            }

            private static func explain(_ code: Int32) -> String {
                switch code {
                case ENOENT: "it does not exist"
                case ENOTDIR: "it is not a directory"
                case EACCES: "permission denied"
                case EMFILE, ENFILE: "too many open files (raise the limit with: ulimit -n 4096)"
                default: String(cString: strerror(code))
                }
            }
        }
    }
#endif
