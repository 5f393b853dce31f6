// The whiteboard package of a drawing app. A sketch is a class: the board adds strokes to it
// as the user draws. Printing hands a sketch to the print queue, an actor, which prints it
// in the background.

import Synchronization

/// A drawing: strokes are added one by one while the user draws. Its state is behind a lock,
/// so that it can be `Sendable`.
final class Sketch: Sendable {
    private let state: Mutex<(title: String, strokes: [String])>

    var title: String {
        get { state.withLock { $0.title } }
        set { state.withLock { $0.title = newValue } }
    }

    var strokes: [String] {
        get { state.withLock { $0.strokes } }
        set { state.withLock { $0.strokes = newValue } }
    }

    init(title: String) {
        state = Mutex((title: title, strokes: []))
    }

    /// A new sketch with the same title and strokes.
    func duplicate() -> Sketch {
        let copy = Sketch(title: title)
        copy.strokes = strokes
        return copy
    }
}

/// The office printer's queue. It owns every sketch it is given, and prints them in order.
actor PrintQueue {
    private var jobs: [Sketch] = []

    func add(_ sketch: sending Sketch) {
        jobs.append(sketch)
    }

    /// "title: n strokes" for every job, oldest first.
    func summary() -> [String] {
        jobs.map { "\($0.title): \($0.strokes.count) strokes" }
    }
}

/// The "Recent" menu: the sketches the user printed lately, to reopen and draw on.
final class RecentSketches {
    private(set) var sketches: [Sketch] = []

    func remember(_ sketch: Sketch) {
        sketches.append(sketch)
    }
}

/// The Print button. The user goes on drawing on the board afterwards.
func printBoard(_ board: Sketch, on queue: PrintQueue) async {
    await queue.add(board)
}

/// Prints a template from the gallery, and puts it in the Recent menu.
func printTemplate(
    named name: String, strokes: [String], on queue: PrintQueue, recent: RecentSketches
) async {
    let sketch = Sketch(title: name)
    sketch.strokes = strokes
    recent.remember(sketch)
    await queue.add(sketch)
}

/// Prints a blank page with a title, for a meeting's notes.
func printBlank(titled title: String, on queue: PrintQueue) async {
    let page = Sketch(title: title)
    await queue.add(page)
}
