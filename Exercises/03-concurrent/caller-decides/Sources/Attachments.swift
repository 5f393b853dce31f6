// A chat app, built in main actor mode. Its attachment code was written while the project
// still built without Approachable Concurrency: back then, a `nonisolated` async function
// always left its caller's actor. Since the project turned on `NonisolatedNonsendingByDefault`
// (Xcode's Approachable Concurrency does), the same functions run on their caller's actor.

/// Where attachments are kept: on disk, or on the server.
nonisolated protocol AttachmentStore: Sendable {
    func size(of attachmentID: Int) async -> Int
    func bytes(of attachmentID: Int) async -> [UInt8]
}

/// Shrinks a photo's bytes by `factor`: the heavy part of compressing it. Pure computation,
/// usable from any isolation domain.
nonisolated protocol Downsampler: Sendable {
    func downsample(_ bytes: [UInt8], by factor: Int) -> [UInt8]
}

/// Averages each run of `factor` bytes into one.
nonisolated struct AveragingDownsampler: Downsampler {
    func downsample(_ bytes: [UInt8], by factor: Int) -> [UInt8] {
        stride(from: 0, to: bytes.count, by: factor).map { start in
            let run = bytes[start..<min(start + factor, bytes.count)]
            return UInt8(run.reduce(0) { $0 + Int($1) } / run.count)
        }
    }
}

/// Prepares attachments for the chat screen (on the main actor) and for the outgoing
/// queue (an actor of its own). Pure logic, usable from any isolation domain.
nonisolated struct AttachmentPipeline {
    let store: any AttachmentStore
    var downsampler: any Downsampler = AveragingDownsampler()

    /// The label under an attachment, such as "photo · 12 bytes". Cheap: it runs wherever
    /// its caller runs, which is what a library function should do.
    func label(for attachmentID: Int, kind: String) async -> String {
        let size = await store.size(of: attachmentID)
        return "\(kind) · \(size) bytes"
    }

    // TODO: photos are big, and compressing one takes long enough to freeze the chat screen,
    // which calls this from the main actor; the outgoing queue, on an actor of its own, stalls the
    // same way. Whoever calls it, nobody's actor may be held up by a compression. `label` is fine
    // as it is.

    /// Shrinks a photo before it is sent.
    func compress(_ attachmentID: Int, factor: Int) async -> [UInt8] {
        let bytes = await store.bytes(of: attachmentID)
        return downsampler.downsample(bytes, by: factor)
    }
}
