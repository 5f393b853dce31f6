final class Scoreboard {
    var score: Int {
        get async {
            try? await Task.sleep(for: .milliseconds(1))
            return 1
        }
    }
}

func poll(_ board: Scoreboard) async {
    while await board.score < 3 {}
}
