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
        Deadline { try await Task.sleep(for: .seconds(seconds)) }
    }
}

/// Runs `operation`; if `deadline` passes first, cancels it and throws `TimedOut`.
nonisolated func withDeadline<Value: Sendable>(
    _ deadline: Deadline,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let work = Task { try await operation() }
    let timer = Task {
        try await deadline.wait()
        work.cancel()
    }
    return try await withTaskCancellationHandler {
        // Whatever happens, the timer stops when the work is done.
        defer { timer.cancel() }
        do {
            return try await work.value
        } catch is CancellationError where !Task.isCancelled {
            // The timer cancelled the work, not the caller: the deadline passed.
            throw TimedOut()
        }
    } onCancel: {
        // The caller was cancelled: so are both tasks.
        work.cancel()
        timer.cancel()
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
