import Dispatch
import Foundation
import Synchronization
import Testing
@testable import IsolatedConformance

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// A fake store that keeps the files it is given, and notes where each save came from. Its
/// `save` runs on its caller's actor, so `#isolation` inside it names the caller's.
nonisolated final class FakeStore: DraftStore {
    private let saved = Mutex<[(name: String, json: String, from: String)]>([])
    /// A full disk: every save fails.
    let isFull: Bool

    struct DiskFull: Error {}

    init(isFull: Bool = false) {
        self.isFull = isFull
    }

    var files: [String: String] {
        Dictionary(saved.withLock { $0.map { ($0.name, $0.json) } }, uniquingKeysWith: { $1 })
    }
    var savedFrom: [String] { saved.withLock { $0.map(\.from) } }

    func save(_ json: Data, as name: String) async throws {
        if isFull { throw DiskFull() }
        let caller = describe(#isolation)
        saved.withLock { $0.append((name, String(decoding: json, as: UTF8.self), caller)) }
    }
}

/// Where synchronous code runs, for probes that `#isolation` can't help: in a synchronous
/// `nonisolated` function such as `encode(to:)`, `#isolation` is always `nil`. The main actor
/// runs its jobs on the main dispatch queue, which this key marks; code running anywhere else
/// doesn't see the mark. (Not `Thread.isMainThread`: on Linux, main-actor code doesn't always
/// run on the main thread.)
nonisolated let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Notes where a mail's text was encoded, each time it is.
nonisolated final class EncodingProbe: Sendable {
    private let places = Mutex<[String]>([])

    var encodedOn: [String] { places.withLock { $0 } }

    func noteEncoding() {
        let place = DispatchQueue.getSpecific(key: mainQueueMark) == true ? "the main actor" : "off the main actor"
        places.withLock { $0.append(place) }
    }
}

private func dinner() -> Draft {
    let draft = Draft()
    draft.to = ["ana@example.com"]
    draft.subject = "Dinner"
    draft.body = "See you at 8"
    return draft
}

private let dinnerJSON = #"{"body":"See you at 8","subject":"Dinner","to":["ana@example.com"]}"#

@Test func copyAsJSONGivesTheDraft() throws {
    #expect(try copyAsJSON(dinner()) == dinnerJSON)
}

@Test func autosaveWritesWhatSupportCopies() async throws {
    let store = FakeStore()
    let draft = dinner()
    try await draft.autosave(to: store)
    #expect(store.files == ["draft.json": try copyAsJSON(draft)],
            "the file on disk should be exactly what Copy as JSON gives for the same draft")
    #expect(store.files == ["draft.json": dinnerJSON])
}

@Test func autosaveWritesTheDraftAsItIsNow() async throws {
    let store = FakeStore()
    let draft = dinner()
    try await draft.autosave(to: store)
    draft.body = "See you at 9"
    try await draft.autosave(to: store)
    #expect(store.files["draft.json"]?.contains("See you at 9") == true, "the second autosave wrote an older draft")
}

@Test func aFailedAutosaveSaysSo() async {
    await #expect(throws: FakeStore.DiskFull.self, "the draft could not be saved, yet autosave reported success: the screen would never warn") {
        try await dinner().autosave(to: FakeStore(isFull: true))
    }
}

@Test func autosaveRunsOffTheMainActor() async throws {
    let store = FakeStore()
    try await dinner().autosave(to: store)
    #expect(store.savedFrom == ["no actor"],
            "the draft was written from the main actor: typing stutters while a long mail is encoded and saved")
}

@Test func autosaveEncodesOffTheMainActor() async throws {
    let probe = EncodingProbe()
    let draft = dinner()
    draft.body = MailText("See you at 8", onEncode: { probe.noteEncoding() })
    try await draft.autosave(to: FakeStore())
    #expect(probe.encodedOn == ["off the main actor"],
            "the mail was encoded on the main actor: typing stutters while a long mail is encoded, wherever the file is written from")
}
