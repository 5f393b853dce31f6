#if os(Linux)
    import Glibc

    extension FileWatcher {
        /// The Linux half of `FileWatcher`: one inotify instance with a watch per directory.
        ///
        /// inotify names the entry that changed, so no listing is needed. Its descriptor is read on
        /// an `InterruptibleReader` thread, which also closes it when stopped.
        final class Monitor: Sendable {
            /// Written and renamed-in files, and removals. `IN_CLOSE_WRITE` rather than `IN_MODIFY`:
            /// a check must not start on a half-written file. `IN_EXCL_UNLINK` skips events on files
            /// already unlinked (an editor's deleted backup that is still open).
            private static let mask = UInt32(
                IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE
                    | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK
            )

            private let reader: InterruptibleReader

            init(
                directories: [String],
                filter: NameFilter,
                report: @escaping @Sendable (Event) -> Void
            ) throws(FileWatcherError) {
                let inotify = inotify_init1(Int32(IN_CLOEXEC))
                guard inotify >= 0 else { throw .cannotStart(reason: Self.explain(errno)) }
                var watched: [Int32: String] = [:]
                for directory in directories {
                    let watch = inotify_add_watch(inotify, directory, Self.mask)
                    guard watch >= 0 else {
                        let code = errno
                        close(inotify)
                        throw .cannotWatch(directory: directory, reason: Self.explain(code))
                    }
                    watched[watch] = directory
                }
                let directoriesByWatch = watched
                do {
                    reader = try InterruptibleReader(
                        descriptor: inotify,
                        closesDescriptor: true,
                        // Room for hundreds of events per read; one event is at most 16 + 256 bytes.
                        bufferSize: 64 * 1024,
                        threadName: "actorlings.file-watcher",
                        onData: { bytes in Self.decode(bytes, directoriesByWatch, report) },
                        onEnd: { report(.ended) }
                    )
                } catch {
                    close(inotify)
                    throw .cannotStart(reason: Self.explain(error.code))
                }
            }

            func stop() {
                reader.stop()
            }

            var descriptors: [Int32] {
                reader.descriptors
            }

            /// Turns the `inotify_event` records of one read into events; a read never splits one.
            private static func decode(
                _ bytes: UnsafeRawBufferPointer,
                _ directories: [Int32: String],
                _ report: (Event) -> Void
            ) {
                let headerSize = MemoryLayout<inotify_event>.size
                var offset = 0
                while offset + headerSize <= bytes.count {
                    let header = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + headerSize
                    offset = nameStart + Int(header.len)
                    guard offset <= bytes.count else { return }
                    if header.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        report(.lostTrack)
                        continue
                    }
                    guard let directory = directories[header.wd] else { continue }
                    if header.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                        report(.directory(directory))
                        continue
                    }
                    // The name is padded with NULs to an alignment boundary.
                    let name = bytes[nameStart..<offset].prefix { $0 != 0 }
                    guard !name.isEmpty else { continue }
                    report(
                        .entry(directory: directory, name: String(decoding: name, as: UTF8.self)))
                }
            }

            private static func explain(_ code: Int32) -> String {
                switch code {
                case ENOENT: "it does not exist"
                case ENOTDIR: "it is not a directory"
                case EACCES: "permission denied"
                case ENOSPC:
                    "the system's limit of watched directories is reached "
                        + "(raise it with: sudo sysctl fs.inotify.max_user_watches=524288)"
                case EMFILE:
                    "too many file watchers or open files "
                        + "(close other watching programs, or raise fs.inotify.max_user_instances)"
                default: String(cString: strerror(code))
                }
            }
        }
    }
#endif
