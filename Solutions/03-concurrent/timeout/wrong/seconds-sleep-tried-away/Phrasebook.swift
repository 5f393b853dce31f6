// A travel app, built in main actor mode. It translates phrases through a translation
// server. When the server is slow, the app gives up after a few seconds and shows the phrase
// untranslated, rather than a spinner that never ends.

/// Thrown when an operation doesn't finish before its deadline.
nonisolated struct TimedOut: Error, Equatable {}

/// A wait that ends when the deadline passes. The app uses `.seconds(_:)`; tests use
/// deadlines they control.
nonisolated struct Deadline {
    let wait: @Sendable () async throws -> Void

    static func seconds(_ seconds: Int) -> Deadline {
        Deadline {
            // However the sleep ends, the deadline has come.
            try? await Task.sleep(for: .seconds(seconds))
        }
    }
}

/// Runs `operation`; if `deadline` passes first, cancels it and throws `TimedOut`.
nonisolated func withDeadline<Value: Sendable>(
    _ deadline: Deadline,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask {
            try await operation()
        }
        group.addTask {
            try await deadline.wait()
            throw TimedOut()
        }
        // The first child to finish decides. If the deadline won, `next()` throws `TimedOut`,
        // and leaving the group by throwing cancels the operation.
        let first = try await group.next()
        // The operation won: cancel the timer, or the group would wait for it before returning.
        group.cancelAll()
        guard let first else { throw TimedOut() }
        return first
    }
}

/// The translation server.
nonisolated protocol Translator: Sendable {
    func translate(_ phrase: String, to language: String) async throws -> String
}

/// The state behind the phrasebook screen.
final class PhrasebookModel {
    let translator: any Translator
    let deadline: Deadline
    private(set) var shown = ""

    init(translator: any Translator, deadline: Deadline = .seconds(5)) {
        self.translator = translator
        self.deadline = deadline
    }

    func show(_ phrase: String, in language: String) async {
        let translator = self.translator
        do {
            shown = try await withDeadline(deadline) {
                try await translator.translate(phrase, to: language)
            }
        } catch {
            shown = "\(phrase) (not translated)"
        }
    }
}
