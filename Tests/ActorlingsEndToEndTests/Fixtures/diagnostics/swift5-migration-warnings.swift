// swiftc-flags: -swift-version 5 -strict-concurrency=complete
import Foundation

/// A Swift 5 module with complete checking: every problem is a warning for now.
var launchCount = 0

final class Draft {
    var body = ""
}

actor Outbox {
    private var queue: [Draft] = []

    func enqueue(_ draft: Draft) {
        queue.append(draft)
    }
}

func runInBackground(_ work: @escaping @Sendable () -> Void) {}

func send(outbox: Outbox) async {
    let draft = Draft()
    await outbox.enqueue(draft)
    draft.body = "edited"
    print("sent from \(Thread.current)")
}

func autosave(_ draft: Draft) {
    runInBackground {
        print(draft.body)
    }
}
