import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

/// Faults of exit tests (`#expect(processExitsWith:)`): Swift Testing runs the test binary again
/// as a child of the test process, and the check must still see the whole run end.
extension FaultSuiteTests {
    static let exitTestFaults: [Fault] = [
        Fault(
            id: "exit-test-traps", area: "exit tests", what: "an exit test expects a trap, and the learner's code traps in the child process",
            expected: "passed: the trap is the child's, and the test run sees it end", limit: .seconds(2),
            setUp: { course in
                try course.replaceTests(
                    of: "hangs",
                    with: """
                        import Testing
                        @testable import Hangs

                        @Test func finishes() async {
                            await #expect(processExitsWith: .failure) { await waitForever() }
                        }

                        """)
                try course.asyncFault("func waitForever() async {\n    fatalError(\"a promise was broken\")\n}\n")
            },
            run: { course in
                let result = try await check(course, "hangs")
                return (result.first, result.first.contains("passed"))
            }),
        Fault(
            id: "exit-test-hangs", area: "exit tests", what: "an exit test's child process awaits a continuation that is never resumed",
            expected: "timed out at the 2 s limit, naming the running test; the child is killed with the test's session",
            limit: .seconds(2),
            setUp: { course in
                try course.replaceTests(
                    of: "hangs",
                    with: """
                        import Testing
                        @testable import Hangs

                        @Test func finishes() async {
                            await #expect(processExitsWith: .success) { await waitForever() }
                        }

                        """)
            },
            run: { course in
                let result = try await check(course, "hangs")
                return (result.first, result.first.contains("did not finish within 2 s") && result.output.contains("Still running: finishes()"))
            }),
    ]
}

extension FaultCourse {
    /// Replaces a fixture exercise's test file, and its line of `shipped.txt`, as a course author
    /// would with `dev generate`: the check then takes the new tests as the course's own.
    func replaceTests(of exercise: String, with text: String) throws {
        let tests = "Exercises/00-basics/\(exercise)/Tests/CodeTests.swift"
        try write(tests, text)
        let shipped = try read("Exercises/shipped.txt").split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("  \(tests)") ? "\(GitBlobID.of(Array(text.utf8)))  \(tests)" : String(line)
        }
        try write("Exercises/shipped.txt", shipped.joined(separator: "\n"))
    }
}
