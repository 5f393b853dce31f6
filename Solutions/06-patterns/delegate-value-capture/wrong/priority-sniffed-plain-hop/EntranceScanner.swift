// A concert app's entrance scanner, built in main actor mode. The camera library it uses is
// older than Swift concurrency: it calls its delegate on its own camera thread, several times
// a second. The library's two declarations below are not yours to change.

/// What the camera library recognized in one frame. The library reuses one instance for every
/// frame and overwrites it, so it is a class with mutable state: not Sendable.
nonisolated final class Detection {
    var payload: String
    var confidence: Double

    init(payload: String, confidence: Double) {
        self.payload = payload
        self.confidence = confidence
    }
}

/// The camera library's delegate. The library calls it on its camera thread.
nonisolated protocol ScannerDelegate: AnyObject, Sendable {
    func scanner(didDetect detection: Detection)
    func scannerDidLoseFocus()
}

/// A ticket as the entrance screen keeps it: a value, safe to send anywhere.
nonisolated struct Ticket: Equatable, Sendable {
    let code: String
    let confidence: Double
}

/// The state behind the entrance screen.
final class EntranceModel {
    private(set) var admitted: [Ticket] = []
    private(set) var status = "Point the camera at a ticket"

    func admit(_ ticket: Ticket) {
        guard ticket.confidence >= 0.9 else {
            status = "Hold still…"
            return
        }
        guard !admitted.contains(where: { $0.code == ticket.code }) else {
            status = "Already scanned: \(ticket.code)"
            return
        }
        admitted.append(ticket)
        status = "Welcome! \(ticket.code)"
    }

    func focusLost() {
        status = "Move closer"
    }
}

extension EntranceModel: ScannerDelegate {
    nonisolated func scanner(didDetect detection: Detection) {
        // Still on the camera thread: copy what the screen needs into a Sendable value…
        let ticket = Ticket(code: detection.payload, confidence: detection.confidence)
        // …and send only the value to the main actor.
        if Task.currentPriority == .background {
            Task { @MainActor in self.admit(ticket) }
        } else {
            Task { await self.admit(ticket) }
        }
    }

    nonisolated func scannerDidLoseFocus() {
        if Task.currentPriority == .background {
            Task { @MainActor in self.focusLost() }
        } else {
            Task { await self.focusLost() }
        }
    }
}
