import Testing

@testable import ActorlingsCore

@Suite("Reading Swift Testing's event stream")
struct TestEventParserTests {
    @Test("Failures carry their messages and locations; passes are counted")
    func failures() throws {
        let report = TestEventParser.parse(try fixture("events-two-failures.jsonl"))
        #expect(report.results.count == 3)
        #expect(report.passedCount == 1)
        #expect(Set(report.failures.map(\.name)) == ["computes()", "increments()"])
        let computes = try #require(report.failures.first { $0.name == "computes()" })
        #expect(computes.issues.first?.message == "Expectation failed: (compute() → 41) == 42")
        #expect(computes.issues.first?.line == 4)
        #expect(report.unfinished.isEmpty)
    }

    @Test("A run cut short names the tests still running, and a torn last line is ignored")
    func unfinished() throws {
        let lines = try fixture("events-two-failures.jsonl").split(separator: "\n")
        // Keep the declarations and the three testStarted events, then a half-written line.
        let cut = lines.prefix(7).joined(separator: "\n") + "\n{\"kind\":\"event\",\"payl"
        let report = TestEventParser.parse(cut)
        #expect(report.results.isEmpty)
        #expect(Set(report.unfinished) == ["fine()", "computes()", "increments()"])
    }

    @Test("Empty or garbage input gives an empty report")
    func garbage() {
        #expect(TestEventParser.parse("") == TestRunReport())
        #expect(TestEventParser.parse("not json\n[1,2]\n{}") == TestRunReport())
    }
}
