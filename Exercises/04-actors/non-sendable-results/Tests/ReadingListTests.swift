import Testing
@testable import NonSendableResults

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// Compiles only for actor types. Moving the store onto the main actor makes the errors go
/// away, and puts every bookmark query back in line behind the UI.
private func theStoreMustKeepAnActorOfItsOwn<T: Actor>(_ type: T.Type) -> Bool { true }

@Test func theStoreStaysOffTheMainActor() {
    #expect(theStoreMustKeepAnActorOfItsOwn(BookmarkStore.self))
}

@Test func theListShowsWhatIsLeftToRead() async {
    let store = BookmarkStore()
    let list = ReadingList(store: store)
    await list.addShared("Actors in practice\nhttps://example.com/actors")
    await list.addShared("Sendable, explained\nhttps://example.com/sendable")
    await list.addShared("Regions\nhttps://example.com/regions")
    #expect(list.lines.count == 3)
    await store.markRead("https://example.com/sendable")
    await list.refresh()
    #expect(list.lines == [
        "Actors in practice — https://example.com/actors",
        "Regions — https://example.com/regions",
    ])
}

@Test func anUntitledArticleShowsItsAddress() async {
    let list = ReadingList(store: BookmarkStore())
    await list.addShared("\nhttps://example.com/untitled")
    #expect(list.lines == ["https://example.com/untitled — https://example.com/untitled"])
}

@Test func theScreenOwnsTheDraftItAskedFor() async {
    let store = BookmarkStore()
    // The draft is a `Bookmark`, a class: the screen changes it in place, then hands it back.
    let draft = await store.draft(fromShared: "swift concurrency\nhttps://example.com/guide")
    #expect(draft.url == "https://example.com/guide")
    draft.title = "Swift Concurrency: the guide"
    await store.save(draft)
    let list = ReadingList(store: store)
    await list.refresh()
    #expect(list.lines == ["Swift Concurrency: the guide — https://example.com/guide"])
}
