import Foundation
import Synchronization

/// Reads a descriptor on a thread of its own until end of file, an error, or `stop()`.
///
/// A read that may block for minutes (a key press, a file save) must not park a thread of the
/// cooperative pool: that pool has one thread per core, and every task in the program shares it.
/// The thread sleeps in `poll` on the descriptor and on the read end of a private pipe; `stop()`
/// writes a byte into the pipe to wake it. Closing the descriptor under the thread instead would
/// race: the number can be reused by an unrelated `open` before the thread notices.
///
/// The thread owns the pipe, and the descriptor when `closesDescriptor` is set: it closes them on
/// its way out, *then* calls `onEnd`, so whoever waits for `onEnd` knows they are closed.
final class InterruptibleReader: Sendable {
    private enum Phase {
        case running
        case stopping
        case finished
    }

    /// Why the thread could not start: the `errno` of the failed `pipe` (usually EMFILE).
    struct StartError: Error {
        var code: Int32
    }

    /// The descriptors the thread owns, for tests that check nothing leaks.
    let descriptors: [Int32]

    private let descriptor: Int32
    private let closesDescriptor: Bool
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let phase = Mutex(Phase.running)

    /// Starts the thread; throws if the wake-up pipe cannot be made (out of descriptors).
    ///
    /// - Parameters:
    ///   - onData: called on the reader thread with each chunk read; the bytes are valid only
    ///     during the call.
    ///   - onEnd: called once, on the reader thread, after the descriptors are closed.
    init(
        descriptor: Int32,
        closesDescriptor: Bool,
        bufferSize: Int = 4096,
        threadName: String,
        onData: @escaping @Sendable (UnsafeRawBufferPointer) -> Void,
        onEnd: @escaping @Sendable () -> Void
    ) throws(StartError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw StartError(code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.descriptor = descriptor
        self.closesDescriptor = closesDescriptor
        self.wakeRead = ends[0]
        self.wakeWrite = ends[1]
        self.descriptors = closesDescriptor ? [descriptor] + ends : ends

        let thread = Thread { [self] in
            readUntilEnd(bufferSize: max(bufferSize, 1), onData: onData)
            closeDescriptors()
            onEnd()
        }
        thread.name = threadName
        thread.start()
    }

    /// Wakes the thread and makes it finish; returns at once. Idempotent.
    func stop() {
        phase.withLock { phase in
            guard case .running = phase else { return }
            phase = .stopping
            // The pipe is still open: the thread closes it only after marking `.finished`
            // under this same lock.
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
    }

    private func readUntilEnd(
        bufferSize: Int,
        onData: @Sendable (UnsafeRawBufferPointer) -> Void
    ) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            switch Self.waitForInput(on: descriptor, wake: wakeRead) {
            case .again: continue
            case .woken, .unusable: return
            // A hang-up or an error still goes through read: it returns the remaining data, then
            // 0 (end of file) or the error.
            case .readable: break
            }
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 {
                onData(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            } else if count == 0 {
                return
            } else if errno != EINTR, errno != EAGAIN {
                return
            }
        }
    }

    /// What waiting on the descriptor and the wake-up pipe found (`InterruptibleReader+Linux/Darwin`).
    enum Readiness {
        case readable, woken, unusable, again
    }

    private func closeDescriptors() {
        phase.withLock { phase in
            phase = .finished
            close(wakeRead)
            close(wakeWrite)
            if closesDescriptor { close(descriptor) }
        }
    }
}
