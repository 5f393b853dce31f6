// An e-book reader, built in main actor mode. Opening a book lays its text out in pages that
// fit the screen. For a long novel that is a lot of work, so it runs off the main actor.

/// Where a book's text comes from: each chapter is read from the book's file when needed.
nonisolated protocol ChapterSource: Sendable {
    var chapterCount: Int { get }
    func chapter(_ index: Int) async -> String
}

/// One screenful of text.
nonisolated struct Page: Equatable {
    let chapter: Int
    let lines: [String]
}

/// Breaks text into lines of at most `width` characters, without splitting words.
struct LineBreaker {
    let width: Int

    func lines(for text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// Lays a chapter out in pages of `height` lines.
struct PageLayout {
    let breaker: LineBreaker
    let height: Int

    func pages(for text: String, chapter: Int) -> [Page] {
        let lines = breaker.lines(for: text)
        return stride(from: 0, to: lines.count, by: height).map { start in
            Page(chapter: chapter, lines: Array(lines[start..<min(start + height, lines.count)]))
        }
    }
}

// TODO: opening a book doesn't build: `paginate` can't call the layout code. A reviewer
// adds: laying out a long novel takes seconds, and the reading screen must not freeze
// meanwhile, so not one page of it may be laid out on the main actor.

/// Lays out the whole book, off the main actor.
@concurrent func paginate(_ book: any ChapterSource, with layout: PageLayout) async -> [Page] {
    var pages: [Page] = []
    for index in 0..<book.chapterCount {
        let text = await book.chapter(index)
        pages += layout.pages(for: text, chapter: index)
    }
    return pages
}

/// The state behind the reading screen.
final class ReaderModel {
    private(set) var pages: [Page] = []

    func open(_ book: any ChapterSource, width: Int, linesPerPage: Int) async {
        let layout = PageLayout(breaker: LineBreaker(width: width), height: linesPerPage)
        pages = await paginate(book, with: layout)
    }
}
