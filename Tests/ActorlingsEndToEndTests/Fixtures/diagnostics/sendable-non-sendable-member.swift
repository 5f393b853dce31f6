// swiftc-flags:
/// A reusable buffer: a class with mutable state, not Sendable.
final class ImageBuffer {
    var bytes: [UInt8] = []
}

/// The result of a download, handed from the network layer to the UI.
struct DownloadResult: Sendable {
    var url: String
    var buffer: ImageBuffer
}

enum DownloadEvent: Sendable {
    case progress(Double)
    case finished(ImageBuffer)
}
