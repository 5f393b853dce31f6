import Testing
@testable import MainActorMode

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

private func sampleFeed() -> PhotoFeed {
    let feed = PhotoFeed()
    feed.receive([Photo(id: 1, author: "Ada"), Photo(id: 2, author: "Grace"), Photo(id: 3, author: "Alan")])
    return feed
}

@Test func badgeCountsUnseenPhotos() {
    let feed = sampleFeed()
    #expect(badgeText(for: feed) == "3 new")
    feed.receive([Photo(id: 4, author: "Linus")])
    #expect(badgeText(for: feed) == "4 new")
}

@Test func badgeIsEmptyWhenEverythingWasSeen() {
    let feed = sampleFeed()
    feed.markAllSeen()
    #expect(badgeText(for: feed) == "")
}

@Test func captionCountsLikes() {
    let feed = sampleFeed()
    #expect(caption(for: 2, in: feed) == "Grace · 0 likes")
    feed.like(photoID: 2)
    #expect(caption(for: 2, in: feed) == "Grace · 1 like")
    feed.like(photoID: 2)
    #expect(caption(for: 2, in: feed) == "Grace · 2 likes")
    #expect(caption(for: 99, in: feed) == "")
}

@Test func theFeedScreenRunsOnTheMainActor() {
    // The badge and the caption are read synchronously by main-actor code: no `await`.
    MainActor.assertIsolated()
    let feed = sampleFeed()
    let texts = [badgeText(for: feed), caption(for: 1, in: feed)]
    #expect(texts == ["3 new", "Ada · 0 likes"])
}

/// A background sync, outside the main actor, can still reach the feed: it awaits its turn.
@concurrent private func unseenCountSeenByBackgroundSync(_ feed: PhotoFeed) async -> Int {
    await feed.unseenCount()
}

@Test func codeOffTheMainActorAwaitsTheFeed() async {
    let feed = sampleFeed()
    feed.markAllSeen()
    feed.receive([Photo(id: 4, author: "Linus")])
    #expect(await unseenCountSeenByBackgroundSync(feed) == 1)
}
