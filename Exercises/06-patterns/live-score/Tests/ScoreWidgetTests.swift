import Testing
@testable import LiveScore

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A lock-screen widget: it follows the match's lines in a task and keeps what it drew.
@available(macOS 26, iOS 26, *)
final class FakeWidget {
    private(set) var drawn: [String] = []
    private var following: Task<Void, Never>?

    init(following match: Match) {
        following = Task {
            for await line in widgetLines(for: match) {
                drawn.append(line)
            }
        }
    }

    /// Lets the main actor run what is queued on it until the widget has drawn `count` lines,
    /// for at most a thousand turns.
    func settle(untilDrawn count: Int) async {
        var turns = 0
        while drawn.count < count && turns < 1_000 {
            await Task.yield()
            turns += 1
        }
    }

    func stop() { following?.cancel() }
}

@available(macOS 26, iOS 26, *)
@Test func theWidgetShowsTheScoreAtKickOff() async {
    let match = Match(home: "England", away: "Germany")
    let widget = FakeWidget(following: match)
    await widget.settle(untilDrawn: 1)
    #expect(widget.drawn == ["England 0–0 Germany"])
    widget.stop()
}

@available(macOS 26, iOS 26, *)
@Test func theWidgetFollowsEveryGoal() async {
    let match = Match(home: "England", away: "Germany")
    let widget = FakeWidget(following: match)
    await widget.settle(untilDrawn: 1)
    match.goal(forHome: true, by: "Kane")
    await widget.settle(untilDrawn: 2)
    match.goal(forHome: false, by: "Musiala")
    await widget.settle(untilDrawn: 3)
    let expected = ["England 0–0 Germany", "England 1–0 Germany · Kane", "England 1–1 Germany · Musiala"]
    #expect(widget.drawn == expected, "the widget stopped following the match: it must show a new line after every goal")
    widget.stop()
}

@available(macOS 26, iOS 26, *)
@Test func aGoalThatChangesTwoThingsShowsOnce() async {
    let match = Match(home: "England", away: "Germany")
    let widget = FakeWidget(following: match)
    await widget.settle(untilDrawn: 1)
    match.goal(forHome: true, by: "Kane")  // the score and the scorer change in one go
    await widget.settle(untilDrawn: 3)
    #expect(widget.drawn == ["England 0–0 Germany", "England 1–0 Germany · Kane"], "one goal must show as one line, with its score and its scorer together")
    widget.stop()
}
