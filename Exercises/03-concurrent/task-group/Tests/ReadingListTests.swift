import InterleavingHarness
import Testing

@testable import TaskGroup

/// The saved articles of these tests, and how many words each has.
nonisolated let savedArticles = [
    1: "Swift 6.3 is out",
    2: "Ten tips for better sleep",
    3: "Why the sky is blue\nand sunsets are red",
    4: "Local team wins",
    5: "A very short history of nearly everything that ever happened",
]
nonisolated let wordsInSavedArticles = [1: 4, 2: 5, 3: 9, 4: 3, 5: 10]

/// A store whose reads take a while: each read is a point where other tasks may run first, so
/// the reads finish in the order the schedule picks. It notes each read in the trace.
nonisolated struct PacedArticleStore: ArticleStore {
    func text(of articleID: Int) async -> String {
        Interleavings.note("starts reading", by: "article \(articleID)")
        await Interleavings.pause()
        let text = savedArticles[articleID] ?? ""
        Interleavings.note("read, \(text.split(whereSeparator: \.isWhitespace).count) words", by: "article \(articleID)")
        return text
    }
}

/// The five reads finish in a hundred different orders (seeded, the same on every machine): the
/// first added last, the last first, any order at all. Each article must get its own count.
@Test func eachArticleGetsItsOwnCountWhicheverReadFinishesFirst() async {
    await Interleavings.explore(schedules: 100) {
        let articleIDs = [1, 2, 3, 4, 5]
        let counts = await wordCounts(of: articleIDs, in: PacedArticleStore())
        for articleID in articleIDs where counts[articleID] != wordsInSavedArticles[articleID] {
            let shown = counts[articleID].map { "\($0) words" } ?? "no count"
            let owner = wordsInSavedArticles.first { $0.value == counts[articleID] }.map { ", the count of article \($0.key)" } ?? ""
            throw Interleavings.Violation(
                "article \(articleID) got \(shown)\(owner): the child tasks finished in another order than they were added, "
                    + "and results arrive in the order they finish. Tag each result with its article (return "
                    + "`(articleID, words)` from the child task) and file it under that ID")
        }
        try Interleavings.check(counts.count == articleIDs.count, "\(counts.count) counts for \(articleIDs.count) articles")
    }
}

/// Counts the requests in flight. A request made from a child task is held until `expected`
/// requests have arrived, so that they are all in flight together if the code lets
/// them be. A request made on an actor is answered at once: its caller is waiting for it
/// right there, and can't send another one until it is answered.
actor RequestGate {
    let expected: Int
    private var arrived = 0
    private var inFlight = 0
    private(set) var mostInFlight = 0
    private var held: [CheckedContinuation<Void, Never>] = []

    init(expected: Int) {
        self.expected = expected
    }

    func pass(from caller: (any Actor)?) async {
        arrived += 1
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        if arrived >= expected {
            held.forEach { $0.resume() }
            held = []
        } else if caller == nil {
            await withCheckedContinuation { held.append($0) }
        }
        inFlight -= 1
    }
}

/// Five saved articles. `text(of:)` runs on its caller's actor, so `#isolation` tells the
/// gate where each request was made.
nonisolated struct FakeArticleStore: ArticleStore {
    let articles = savedArticles
    let gate: RequestGate

    /// `holdingRequestsUntil: n` holds each request made off every actor until `n` requests
    /// have arrived; by default, no request is held.
    init(holdingRequestsUntil expected: Int = 1) {
        gate = RequestGate(expected: expected)
    }

    func text(of articleID: Int) async -> String {
        await gate.pass(from: #isolation)
        return articles[articleID] ?? ""
    }
}

@Test func eachArticleGetsItsWordCount() async {
    let list = ReadingListModel(store: FakeArticleStore())
    await list.refresh(articleIDs: [3, 1, 5])
    #expect(list.lines == ["Article 3: 9 words", "Article 1: 4 words", "Article 5: 10 words"])
}

@Test func allArticlesAreCountedInParallel() async {
    let store = FakeArticleStore(holdingRequestsUntil: 5)
    let counts = await wordCounts(of: [1, 2, 3, 4, 5], in: store)
    #expect(counts == wordsInSavedArticles, "an article got another article's count: tag each child task's result with its article")
    let mostInFlight = await store.gate.mostInFlight
    #expect(
        mostInFlight == 5,
        "at most \(mostInFlight) of the 5 articles were read at the same time: each child task should read its own article, off every actor, and return its count (reading through one shared actor reads one article at a time)"
    )
}

@Test func anEmptyListReadsNothing() async {
    let list = ReadingListModel(store: FakeArticleStore())
    await list.refresh(articleIDs: [])
    #expect(list.lines.isEmpty)
}
