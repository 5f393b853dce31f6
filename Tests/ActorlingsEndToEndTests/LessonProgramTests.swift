import ActorlingsTestSupport
import Foundation
import Testing

/// A lesson's ```output block, end to end: `dev check <lesson>` builds the block before it as a
/// program, runs it, and compares what it printed, against `Fixtures/corpus-course`.
@Suite("Lesson programs and their printed output")
struct LessonProgramTests {
    /// One case per way a program can fare: what its block declares, and the finding expected.
    @Test(
        "dev check <lesson> runs a block that has an ```output block and compares what it printed",
        arguments: [
            (output: "4\ndone", finding: nil),
            (output: "5\ndone", finding: "should print the ```output block below it, but printed:\n4\ndone"),
            (output: "4", finding: "should print the ```output block below it, but printed:\n4\ndone"),
        ] as [(output: String, finding: String?)])
    func programOutput(output: String, finding: String?) async throws {
        let course = try TestPaths.copyOfFixture(named: "corpus-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let lesson = "\(course)/Lessons/00-basics.md"
        let program = """

            ```swift
            @main struct Doubling {
                static func main() {
                    print(2 * 2)
                    print("done")
                }
            }
            ```

            ```output
            \(output)
            ```

            """
        try (String(contentsOfFile: lesson, encoding: .utf8) + program).write(toFile: lesson, atomically: true, encoding: .utf8)
        let result = try await runActorlings(["dev", "check", "00-basics", "--color", "never"], in: course)
        #expect(result.output.contains("Verifying 0 exercises and 1 lessons"), "\(result.output)")
        #expect(result.output.contains("1 lesson code blocks"), "\(result.output)")
        if let finding {
            #expect(result.status == 1)
            #expect(result.output.contains("✘ Lessons/00-basics.md:"), "\(result.output)")
            #expect(result.output.contains(finding), "\(result.output)")
        } else {
            #expect(result.status == 0, "\(result.output)")
        }
    }
}
