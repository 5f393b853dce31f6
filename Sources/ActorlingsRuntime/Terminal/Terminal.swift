import Foundation
import Synchronization

/// The few terminal operations watch mode needs, on raw descriptors.
///
/// Everything goes through file descriptors rather than `FileHandle` or C's `stdout`: Glibc's
/// `stdout` is a mutable global that Swift 6 refuses, and a `FILE` buffer would reorder our
/// output with that of the checks we run.
public enum Terminal {
    /// Whether `descriptor` is a terminal (not a pipe, file or `/dev/null`).
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The size of the terminal on standard output, or from `COLUMNS` and `LINES` when standard
    /// output is not a terminal; `nil` when neither says.
    public static func size() -> (columns: Int, rows: Int)? {
        var window = winsize()
        let asked = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0
        if asked, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return size(environment: ProcessInfo.processInfo.environment)
    }

    /// The size that `COLUMNS` and `LINES` give, when both are positive numbers.
    package static func size(environment: [String: String]) -> (columns: Int, rows: Int)? {
        guard let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0,
            let rows = environment["LINES"].flatMap({ Int($0) }), rows > 0
        else { return nil }
        return (columns, rows)
    }

    /// Moves the cursor home and erases the screen and its scroll-back, so that each check's
    /// report starts at the top and scrolling up does not show a stale one.
    public static func clearScreen() -> String {
        "\u{1B}[H\u{1B}[2J\u{1B}[3J"
    }

    /// Writes all of `text` to `descriptor`; false if the descriptor failed (closed pipe…).
    ///
    /// `write` may write only part of the bytes (a full pipe, a signal), fail with `EINTR`, or
    /// with `EAGAIN` when someone made the descriptor non-blocking; each case goes on until
    /// everything is written.
    @discardableResult
    public static func write(_ text: String, to descriptor: Int32 = 1) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = writeSome(descriptor, bytes, from: offset)
                if written >= 0 {
                    offset += written
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&writable, 1, -1)
                } else if errno != EINTR {
                    return false
                }
            }
            return true
        }
    }

    /// The bytes typed on `descriptor` (standard input by default), read on a thread of their
    /// own; the stream finishes at end of file.
    ///
    /// Bytes come one by one, as typed: with `RawMode` on, a key press is available at once;
    /// without it the terminal delivers a whole line after Return. Ending the stream (cancelling
    /// the task that iterates it) stops the thread; the descriptor stays open. Keep one such
    /// stream per descriptor: two would split the bytes between them.
    public static func keys(from descriptor: Int32 = 0) -> AsyncStream<UInt8> {
        let (stream, continuation) = AsyncStream.makeStream(of: UInt8.self)
        do {
            let reader = try InterruptibleReader(
                descriptor: descriptor,
                closesDescriptor: false,
                bufferSize: 256,
                threadName: "actorlings.keys",
                onData: { bytes in
                    for byte in bytes { continuation.yield(byte) }
                },
                onEnd: { continuation.finish() }
            )
            continuation.onTermination = { _ in reader.stop() }
        } catch {
            continuation.finish()
        }
        return stream
    }
}

extension Terminal {
    /// Turns line editing and echo off on a terminal, so that single keys reach the program.
    ///
    /// Only `ICANON` and `ECHO` change. `ISIG` stays on, so Ctrl-C still raises SIGINT and watch
    /// mode's signal handling (which restores the terminal) runs; output processing stays on, so
    /// `\n` still starts a new line. `restore()` puts back the exact settings found by
    /// `enable()`; it runs on deinit too, but call it explicitly before exiting: `exit` runs no
    /// deinitializers.
    public final class RawMode: Sendable {
        /// The terminal this changes.
        public let descriptor: Int32
        private let saved = Mutex<termios?>(nil)

        public init(descriptor: Int32 = 0) {
            self.descriptor = descriptor
        }

        deinit {
            restore()
        }

        /// Whether `enable()` is in effect.
        public var isEnabled: Bool {
            saved.withLock { $0 != nil }
        }

        /// Switches the terminal to single-key input; does nothing if already enabled.
        ///
        /// - Throws: `TerminalError` when `descriptor` is not a terminal (a pipe, a file), so
        ///   the caller can fall back to line input.
        public func enable() throws(TerminalError) {
            try saved.withLock { (saved) throws(TerminalError) in
                guard saved == nil else { return }
                var settings = termios()
                guard tcgetattr(descriptor, &settings) == 0 else {
                    throw TerminalError(
                        descriptor: descriptor, operation: "read the settings of", code: errno)
                }
                let original = settings
                settings.c_lflag &= ~(tcflag_t(ICANON) | tcflag_t(ECHO))
                // Return from read() after every byte, with no timer.
                withUnsafeMutableBytes(of: &settings.c_cc) { characters in
                    characters[Int(VMIN)] = 1
                    characters[Int(VTIME)] = 0
                }
                guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
                    throw TerminalError(
                        descriptor: descriptor, operation: "change the settings of", code: errno)
                }
                saved = original
            }
        }

        /// Puts back the settings saved by `enable()`; does nothing if not enabled. Idempotent.
        public func restore() {
            saved.withLock { saved in
                guard var original = saved else { return }
                // Retried on EINTR: a terminal left without echo is the one failure users notice.
                while tcsetattr(descriptor, TCSANOW, &original) != 0, errno == EINTR {}
                saved = nil
            }
        }
    }
}

/// A terminal operation that failed, usually because the descriptor is not a terminal.
public struct TerminalError: Error, Equatable, CustomStringConvertible {
    public var descriptor: Int32
    public var operation: String
    /// The `errno` of the failed call; `ENOTTY` when the descriptor is not a terminal.
    public var code: Int32

    public var description: String {
        let name = descriptor == STDIN_FILENO ? "standard input" : "descriptor \(descriptor)"
        return "cannot \(operation) the terminal on \(name): \(String(cString: strerror(code)))"
    }
}

/// `write(2)`, reachable here because no `Terminal.write` shadows it at file scope.
private func writeSome(
    _ descriptor: Int32,
    _ bytes: UnsafeBufferPointer<UInt8>,
    from offset: Int
) -> Int {
    write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
}
