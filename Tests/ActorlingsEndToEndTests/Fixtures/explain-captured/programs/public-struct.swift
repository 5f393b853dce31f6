public struct Point {
    public let x: Int
    public let y: Int
}

@MainActor final class Canvas {
    var last: Point?
}

nonisolated func move(_ point: Point, to canvas: Canvas) async {
    await MainActor.run { canvas.last = point }
}
