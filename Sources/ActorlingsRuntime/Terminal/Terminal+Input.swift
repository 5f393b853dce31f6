import Foundation
import Synchronization

/// Reading what the learner types or pipes in, without holding a thread of the cooperative pool.
extension Terminal {
    /// One line from `descriptor` (standard input by default), without its line break; nil at
    /// end of input or when the calling task is cancelled (Ctrl-C while a question waits).
    ///
    /// Reads byte by byte, so nothing after the line break is consumed.
    public static func readLine(from descriptor: Int32 = 0) async -> String? {
        var bytes: [UInt8] = []
        for await chunk in chunks(from: descriptor, bufferSize: 1) {
            if chunk == [UInt8(ascii: "\n")] { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk
        }
        return bytes.isEmpty || Task.isCancelled ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Everything on `descriptor` until end of input (what is read so far when cancelled).
    public static func readToEnd(from descriptor: Int32 = 0) async -> String {
        var bytes: [UInt8] = []
        for await chunk in chunks(from: descriptor, bufferSize: 65_536) { bytes += chunk }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes read from `descriptor`, chunk by chunk, on a thread of their own; the stream
    /// finishes at end of input, and ending it (cancelling the iterating task) stops the thread.
    static func chunks(from descriptor: Int32, bufferSize: Int) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        do {
            let reader = try InterruptibleReader(
                descriptor: descriptor,
                closesDescriptor: false,
                bufferSize: bufferSize,
                threadName: "actorlings.input",
                onData: { bytes in continuation.yield(Array(bytes)) },
                onEnd: { continuation.finish() }
            )
            continuation.onTermination = { _ in reader.stop() }
        } catch {
            continuation.finish()
        }
        return stream
    }
}
