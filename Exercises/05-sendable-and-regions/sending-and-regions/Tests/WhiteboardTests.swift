import Testing
@testable import SendingAndRegions

@Test func printingTheBoardPrintsItAsItWasThen() async {
    let queue = PrintQueue()
    let board = Sketch(title: "Roadmap")
    board.strokes = ["box", "arrow"]
    await printBoard(board, on: queue)
    // The user goes on drawing on the board; the page in the printer must not change with it.
    board.strokes.append("circle")
    #expect(board.strokes.count == 3)
    #expect(await queue.summary() == ["Roadmap: 2 strokes"],
            "a stroke drawn on the board after Print changed the page in the printer: the board and the print job are one object")
}

@Test func printingATemplatePutsItInTheRecentMenu() async {
    let queue = PrintQueue()
    let recent = RecentSketches()
    await printTemplate(named: "Kanban", strokes: ["column", "column", "column"], on: queue, recent: recent)
    #expect(recent.sketches.map(\.title) == ["Kanban"])
    // The user reopens the template from the Recent menu and draws on it.
    recent.sketches[0].strokes.append("card")
    #expect(recent.sketches[0].strokes.count == 4)
    #expect(await queue.summary() == ["Kanban: 3 strokes"],
            "drawing on the template reopened from Recent changed the page in the printer: the menu and the print job are one object")
}

@Test func aBlankPageHasNoStrokes() async {
    let queue = PrintQueue()
    await printBlank(titled: "Notes", on: queue)
    #expect(await queue.summary() == ["Notes: 0 strokes"])
}

@Test func aDuplicateIsANewSketch() {
    let original = Sketch(title: "Plan")
    original.strokes = ["line"]
    let copy = original.duplicate()
    #expect(copy !== original)
    #expect(copy.title == "Plan" && copy.strokes == ["line"])
}

@Test func theQueueKeepsTheOrderOfPrinting() async {
    let queue = PrintQueue()
    let recent = RecentSketches()
    let board = Sketch(title: "Board")
    await printBlank(titled: "A", on: queue)
    await printBoard(board, on: queue)
    await printTemplate(named: "B", strokes: ["x"], on: queue, recent: recent)
    #expect(await queue.summary() == ["A: 0 strokes", "Board: 0 strokes", "B: 1 strokes"])
}
