#if os(Linux)
    import Glibc

    extension InterruptibleReader {
        /// Sleeps in `poll` until the descriptor has input (or hung up) or the wake-up pipe is written.
        static func waitForInput(on descriptor: Int32, wake: Int32) -> Readiness {
            var watched = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 else { return errno == EINTR ? .again : .unusable }
            if watched[1].revents != 0 { return .woken }
            let events = watched[0].revents
            if events & Int16(POLLNVAL) != 0 { return .unusable }
            return events != 0 ? .readable : .again
        }
    }
#endif
