// A football app, built in main actor mode, with a lock-screen widget that shows the score of
// the match the user follows. The widget draws each line the sequence below gives it.
import Observation

/// The line the widget shows for the match as it is now.
func scoreLine(of match: Match) -> String {
    let score = "\(match.home) \(match.homeGoals)–\(match.awayGoals) \(match.away)"
    guard let scorer = match.lastScorer else { return score }
    return "\(score) · \(scorer)"
}

/// The lines the widget shows while the user follows `match`: the line as it is now, then a
/// new one each time it changes. (The widget runs on macOS 26 and iOS 26 or later.)
@available(macOS 26, iOS 26, *)
func widgetLines(for match: Match) -> some AsyncSequence<String, Never> {
    AsyncStream { continuation in
        let polling = Task {
            var shown: String?
            while !Task.isCancelled {
                let line = scoreLine(of: match)
                if line != shown {
                    continuation.yield(line)
                    shown = line
                }
                try? await ContinuousClock().sleep(for: .zero)
            }
        }
        continuation.onTermination = { _ in polling.cancel() }
    }
}
