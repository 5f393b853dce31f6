// Don't change this file: it is the match screen's model, which the app already shows.
import Observation

/// The live state of one football match. The app changes it as the server reports events.
@Observable final class Match {
    let home: String
    let away: String
    private(set) var homeGoals = 0
    private(set) var awayGoals = 0
    private(set) var lastScorer: String?

    init(home: String, away: String) {
        self.home = home
        self.away = away
    }

    /// A goal: the score and the name of its scorer change in one go.
    func goal(forHome: Bool, by scorer: String) {
        if forHome { homeGoals += 1 } else { awayGoals += 1 }
        lastScorer = scorer
    }
}
