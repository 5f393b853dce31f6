import Testing

@testable import ActorlingsCore

@Suite("TODO comments that describe a symptom, not the fix")
struct TodoReviewTests {
    static let shipped = """
        final class Wallet {
            var balance = 10
            // TODO: two taps at once
            // double-charge the card.
            func pay(_ amount: Int) async { balance -= amount }
        }

        """
    static let solution = """
        import Synchronization

        actor Wallet {
            var balance = 10
            var pending = 0
            func pay(_ amount: Int) async {
                guard balance >= amount else { return }
                let total = amount
                balance -= total
                Task.detached { @concurrent in }
                await withTaskGroup(of: Void.self) { _ in }
            }
        }

        """

    /// `todo` replaces the shipped file's TODO comment; each expected problem is a line and a word.
    @Test(
        arguments: [
            ("// TODO: two taps at once double-charge the card.", []),
            ("// TODO: make it an actor.", [(3, "actor")]),
            ("// TODO: it runs on the main\n// actor, and on the Main Actor.", []),
            (
                "// TODO: use `withTaskGroup` and\n// `Task.detached`, marked @concurrent.",
                [(3, "withTaskGroup"), (4, "Task"), (4, "detached"), (4, "concurrent")]
            ),
            // Plain words count only in backticks; common keywords never.
            ("// TODO: the total is wrong when a payment is pending, and for a guard.", []),
            ("// TODO: keep the `pending` amount apart.", [(3, "pending")]),
            // A name the shipped code already has is the learner's too.
            ("// TODO: the `balance` goes below zero in `Wallet`.", []),
            // A comment after a blank line, or after code, is not part of the TODO.
            ("// TODO: double charges.\n\n// an actor would help", []),
            ("/* TODO: make Wallet an\n   actor */", [(4, "actor")]),
            // Comments that are not TODOs are not reviewed.
            ("// Not an actor yet.", []),
        ] as [(String, [(Int, String)])])
    func review(todo: String, expected: [(Int, String)]) {
        let source = Self.shipped.replacingOccurrences(of: "// TODO: two taps at once\n    // double-charge the card.", with: todo)
        let found = TodoReview.problems(in: source, solution: [Self.solution], shipped: [source])
        #expect(found.map(\.line) == expected.map(\.0))
        #expect(found.map(\.word) == expected.map(\.1))
    }

    @Test("A TODO in a string literal is not a comment")
    func stringIsNotComment() {
        let source = "let s = \"// TODO: make it an actor\"\n"
        #expect(TodoReview.problems(in: source, solution: ["actor A {}"], shipped: [source]).isEmpty)
    }

    @Test("The message names the word and says what to do")
    func message() {
        let message = TodoReview.Problem(line: 4, word: "Mutex").message
        #expect(message.contains("`Mutex`"))
        #expect(message.contains("symptom"))
    }
}
