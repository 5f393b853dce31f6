@testable import CheckoutCallbacks

// Don't change this file: it is the test double your tests use.

/// A card terminal that gives the answers of its script, one per charge, in order, and counts
/// the charges. Once the script is used up, it times out.
actor ScriptedTerminal: CardTerminal {
    private var script: [CardAnswer]
    private(set) var charges = 0

    init(_ script: [CardAnswer]) {
        self.script = script
    }

    func charge(cents: Int) async -> CardAnswer {
        charges += 1
        return script.isEmpty ? .timedOut : script.removeFirst()
    }
}
