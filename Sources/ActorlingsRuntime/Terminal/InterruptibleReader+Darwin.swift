#if canImport(Darwin)
    import Darwin

    extension InterruptibleReader {
        /// Sleeps in `select` until the descriptor has input (or hung up) or the wake-up pipe is
        /// written. Not `poll`: on macOS it does not support terminal devices (`/dev/tty` reports
        /// `POLLNVAL`, and the key stream would end at once).
        static func waitForInput(on descriptor: Int32, wake: Int32) -> Readiness {
            guard descriptor < FD_SETSIZE, wake < FD_SETSIZE else { return .unusable }
            var readable = fd_set()
            insert(descriptor, into: &readable)
            insert(wake, into: &readable)
            guard select(max(descriptor, wake) + 1, &readable, nil, nil, nil) >= 0 else {
                return errno == EINTR ? .again : .unusable
            }
            if contains(wake, in: &readable) { return .woken }
            return contains(descriptor, in: &readable) ? .readable : .again
        }

        /// `FD_SET`: a C macro, so not imported; `fd_set` is an array of 32-bit words.
        private static func insert(_ descriptor: Int32, into set: inout fd_set) {
            withUnsafeMutableBytes(of: &set.fds_bits) { bytes in
                let words = bytes.bindMemory(to: Int32.self)
                words[Int(descriptor) / 32] |= Int32(bitPattern: UInt32(1) << UInt32(descriptor % 32))
            }
        }

        /// `FD_ISSET`.
        private static func contains(_ descriptor: Int32, in set: inout fd_set) -> Bool {
            withUnsafeMutableBytes(of: &set.fds_bits) { bytes in
                let words = bytes.bindMemory(to: Int32.self)
                return words[Int(descriptor) / 32] & Int32(bitPattern: UInt32(1) << UInt32(descriptor % 32)) != 0
            }
        }
    }
#endif
