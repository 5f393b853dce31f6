/// Output kept within a byte limit: the first half of the limit and the most recent half.
///
/// The beginning of a run says what started and the end says how it finished, while the middle of
/// a flood is rarely worth its memory. Appending costs at most two copies, whatever the volume.
struct CappedOutput {
    private let headCapacity: Int
    private let tailCapacity: Int
    private var head: [UInt8] = []
    /// A ring holding the newest bytes once the head is full; `tailStart` is its oldest byte.
    private var tail: [UInt8] = []
    private var tailStart = 0
    private var tailCount = 0
    /// Bytes that fitted in neither part.
    private(set) var droppedBytes = 0

    init(limit: Int) {
        let limit = max(0, limit)
        headCapacity = limit / 2
        tailCapacity = limit - limit / 2
    }

    /// The kept bytes in order: head, then tail.
    var bytes: [UInt8] {
        guard tailCount > 0 else { return head }
        let firstRun = min(tailCount, tailCapacity - tailStart)
        return head + tail[tailStart..<tailStart + firstRun] + tail[0..<tailCount - firstRun]
    }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        var chunk = chunk[...]
        let intoHead = min(chunk.count, headCapacity - head.count)
        if intoHead > 0 {
            head.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk.prefix(intoHead)))
            chunk = chunk.dropFirst(intoHead)
        }
        guard !chunk.isEmpty else { return }
        guard tailCapacity > 0 else {
            droppedBytes += chunk.count
            return
        }
        if tail.isEmpty { tail = [UInt8](repeating: 0, count: tailCapacity) }
        if chunk.count >= tailCapacity {
            // The chunk alone fills the ring: everything older goes.
            droppedBytes += tailCount + chunk.count - tailCapacity
            copy(UnsafeRawBufferPointer(rebasing: chunk.suffix(tailCapacity)), to: 0)
            tailStart = 0
            tailCount = tailCapacity
            return
        }
        let end = (tailStart + tailCount) % tailCapacity
        let firstRun = min(chunk.count, tailCapacity - end)
        copy(UnsafeRawBufferPointer(rebasing: chunk.prefix(firstRun)), to: end)
        copy(UnsafeRawBufferPointer(rebasing: chunk.dropFirst(firstRun)), to: 0)
        let overflow = max(0, tailCount + chunk.count - tailCapacity)
        droppedBytes += overflow
        tailStart = (tailStart + overflow) % tailCapacity
        tailCount = min(tailCapacity, tailCount + chunk.count)
    }

    private mutating func copy(_ source: UnsafeRawBufferPointer, to offset: Int) {
        guard !source.isEmpty else { return }
        tail.withUnsafeMutableBytes { ring in
            UnsafeMutableRawBufferPointer(rebasing: ring[offset..<offset + source.count]).copyMemory(from: source)
        }
    }
}
