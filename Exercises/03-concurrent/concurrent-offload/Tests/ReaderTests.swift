import Synchronization
import Testing
@testable import ConcurrentOffload

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// A two-chapter book that notes where each chapter was read from. `chapter(_:)` is a
/// `nonisolated` async method: it runs on its caller's actor, and `#isolation` names that actor.
nonisolated final class ProbedBook: ChapterSource {
    let chapters = [
        "It was a bright cold day in April and the clocks were striking thirteen",
        "Call me Ishmael",
    ]
    private let callers = Mutex<[String]>([])

    var chapterCount: Int { chapters.count }
    var chaptersWereReadFrom: [String] { callers.withLock { $0 } }

    func chapter(_ index: Int) async -> String {
        let caller = describe(#isolation)
        callers.withLock { $0.append(caller) }
        return chapters[index]
    }
}

@Test func openingABookLaysItOutInPages() async {
    let reader = ReaderModel()
    await reader.open(ProbedBook(), width: 20, linesPerPage: 2)
    #expect(reader.pages == [
        Page(chapter: 0, lines: ["It was a bright cold", "day in April and the"]),
        Page(chapter: 0, lines: ["clocks were striking", "thirteen"]),
        Page(chapter: 1, lines: ["Call me Ishmael"]),
    ])
}

@Test func paginationRunsOffTheMainActor() async {
    let book = ProbedBook()
    await ReaderModel().open(book, width: 20, linesPerPage: 2)
    #expect(book.chaptersWereReadFrom == ["no actor", "no actor"],
            "where the chapters were read and laid out: a `nonisolated` async function runs on its caller's actor; only `@concurrent` leaves it")
}

/// The layout, called synchronously from outside the main actor, as `paginate` calls it.
/// This compiles only if the layout code is usable from any isolation domain.
@concurrent private func layOutOffTheMainActor(_ text: String) async -> (lines: [String], pages: [Page]) {
    let breaker = LineBreaker(width: 8)
    let lines = breaker.lines(for: text)
    let pages = PageLayout(breaker: breaker, height: 1).pages(for: text, chapter: 3)
    return (lines, pages)
}

@Test func theLayoutWorksWithoutTheMainActor() async {
    let result = await layOutOffTheMainActor("Call me Ishmael")
    #expect(result.lines == ["Call me", "Ishmael"])
    #expect(result.pages == [Page(chapter: 3, lines: ["Call me"]), Page(chapter: 3, lines: ["Ishmael"])])
}
