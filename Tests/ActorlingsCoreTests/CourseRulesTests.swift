import Foundation
import Testing

@testable import ActorlingsCore

@Suite("Expected failures, progress files, lesson blocks and other course rules")
struct CourseRulesTests {
    let isolationError = Diagnostic(
        severity: .error, message: "call to main actor-isolated instance method 'x()' in a synchronous nonisolated context", group: "ActorIsolatedCall",
        identifier: "actor_isolated_call")

    @Test func compileExpectationMatchesGroupIdOrMessage() {
        #expect(ExpectedFailure.compile(diagnostic: "ActorIsolatedCall", message: nil).mismatch(with: .compileFailed([isolationError])) == nil)
        #expect(ExpectedFailure.compile(diagnostic: "actor_isolated_call", message: "synchronous").mismatch(with: .compileFailed([isolationError])) == nil)
        #expect(ExpectedFailure.compile(diagnostic: nil, message: "asynchronous context").mismatch(with: .compileFailed([isolationError])) != nil)
        #expect(ExpectedFailure.compile(diagnostic: "X", message: nil).mismatch(with: .passed(testCount: 1))?.contains("outcome was passed") == true)
    }

    /// A build with no error fails for its warnings, as a `:migrate` exercise's does; a warning
    /// never stands in for the error of a build that has one.
    @Test func compileExpectationMatchesAWarningOnlyWithoutErrors() {
        let migrate = Diagnostic(
            severity: .warning,
            message: "feature 'NonisolatedNonsendingByDefault' will cause nonisolated async global function 'f' to run on the caller's actor",
            group: "NonisolatedNonsendingByDefault")
        let expected = ExpectedFailure.compile(diagnostic: "NonisolatedNonsendingByDefault", message: "will cause")
        #expect(expected.mismatch(with: .compileFailed([migrate])) == nil)
        #expect(expected.mismatch(with: .compileFailed([isolationError, migrate]))?.contains("the errors were: call to main actor") == true)
        let other = Diagnostic(severity: .warning, message: "w", group: "ActorIsolatedCall")
        #expect(expected.mismatch(with: .compileFailed([other]))?.contains("the warnings were: w [#ActorIsolatedCall]") == true)
    }

    @Test func testExpectationNeedsEveryNamedTestToFail() {
        let report = TestRunReport(results: [
            TestResult(name: "a()", status: .failed, issues: [TestIssue(message: "x")]),
            TestResult(name: "b()", displayName: "B", status: .passed),
        ])
        #expect(ExpectedFailure.tests(["a()"]).mismatch(with: .testsFailed(report)) == nil)
        #expect(ExpectedFailure.tests(["a"]).mismatch(with: .testsFailed(report)) == nil)
        #expect(ExpectedFailure.tests(["a()", "B"]).mismatch(with: .testsFailed(report)) != nil)
        #expect(ExpectedFailure.tests(["a()"]).mismatch(with: .compileFailed([isolationError])) != nil)
    }

    @Test("Progress files: round trip, damage and newer formats")
    func progressDecoding() {
        var progress = LearnerProgress(current: "intro")
        progress.record(Verdict(exerciseID: "intro", outcome: .passed(testCount: 2), duration: .zero))
        progress.record(Verdict(exerciseID: "opting-out", outcome: .compileFailed([]), duration: .zero))
        #expect(ProgressDecoding.decode(ProgressDecoding.encode(progress)) == .decoded(progress))
        #expect(ProgressDecoding.decode(Data()) == .corrupt(reason: "the file is empty"))
        #expect(ProgressDecoding.decode(Data("{\"format\":1,\"exerc".utf8)) == .corrupt(reason: "it is not valid JSON"))
        #expect(ProgressDecoding.decode(Data("[]".utf8)) == .corrupt(reason: "it is not valid JSON"))
        #expect(ProgressDecoding.decode(Data("{\"current\":\"x\"}".utf8)) == .corrupt(reason: "it has no \"format\" number"))
        #expect(ProgressDecoding.decode(Data("{\"format\":1,\"exercises\":3}".utf8)) == .corrupt(reason: "it does not have the expected fields"))
        #expect(ProgressDecoding.decode(Data("{\"format\":3,\"whatever\":true}".utf8)) == .newer(format: 3))
    }

    @Test("Lesson code blocks: info-string words and the checks they imply")
    func lessonBlocks() {
        let markdown = """
            # L

            ```swift isolation=MainActor approachable
            final class A {}
            ```

            ```swift error=ActorIsolatedCall
            broken
            ```

            ```diagnostics
            file.swift:3:5: error: call to x [#ActorIsolatedCall]
                 ^
            note: a note
            ```

            ```swift frobnicate
            ```

            ```diagnostics
            ```

            ```diagnostics
            ```
            """
        let (blocks, problems) = LessonBlock.blocks(in: markdown, lesson: "Lessons/x.md")
        #expect(blocks.count == 3)
        #expect(blocks[0].settings.defaultIsolation == .mainActor)
        #expect(blocks[0].settings.upcomingFeatures == CompilerSettings.approachableFeatures)
        #expect(blocks[1].expectedErrors == ["ActorIsolatedCall"])
        #expect(blocks[1].quotedDiagnostics == ["error: call to x [#ActorIsolatedCall]", "note: a note"])
        #expect(problems.map(\.message).contains { $0.contains("unknown word 'frobnicate'") })
        #expect(problems.map(\.message).contains { $0.contains("must follow the ```swift block") })

        let error = Diagnostic(severity: .error, message: "call to x", group: "ActorIsolatedCall", notes: [Diagnostic(severity: .note, message: "a note")])
        #expect(blocks[1].mismatch(diagnostics: [error]).isEmpty)
        #expect(!blocks[1].mismatch(diagnostics: []).isEmpty)
        #expect(blocks[0].mismatch(diagnostics: [error]).first?.hasPrefix("should compile") == true)
        let warning = Diagnostic(severity: .warning, message: "w")
        #expect(blocks[0].mismatch(diagnostics: [warning]).first?.hasPrefix("should compile without warnings") == true)
        var misquoted = blocks[1]
        misquoted.quotedDiagnostics = ["error: call to y [#ActorIsolatedCall]"]
        #expect(misquoted.mismatch(diagnostics: [error]).first?.contains("not what Swift prints") == true)
    }

    /// One case per way an ```output block can be written or misused.
    @Test(
        "An ```output block makes its swift block a program whose printed lines must match",
        arguments: [
            (info: "", output: "one\ntwo\n\n", printed: "one\ntwo\n", expected: ["one", "two"], mismatch: false, problem: nil),
            (info: "", output: "one\ntwo", printed: "one\n", expected: ["one", "two"], mismatch: true, problem: nil),
            (info: "", output: "trailing   ", printed: "trailing\n", expected: ["trailing"], mismatch: false, problem: nil),
            (info: " error=X", output: "x", printed: "", expected: ["x"], mismatch: true, problem: "must fail to compile can't have an ```output block"),
        ] as [(info: String, output: String, printed: String, expected: [String], mismatch: Bool, problem: String?)])
    func outputBlocks(info: String, output: String, printed: String, expected: [String], mismatch: Bool, problem: String?) {
        let markdown = "```swift\(info)\n@main struct P { static func main() {} }\n```\n\n```output\n\(output)\n```\n"
        let (blocks, problems) = LessonBlock.blocks(in: markdown, lesson: "Lessons/x.md")
        #expect(blocks.first?.expectedOutput == expected)
        #expect((blocks.first?.outputMismatch(printed: printed).isEmpty == false) == mismatch)
        if let problem {
            #expect(problems.contains { $0.message.contains(problem) })
        } else {
            #expect(problems.isEmpty)
        }
    }

    @Test("An ```output block after anything but a swift block is reported, and a block without one runs nothing")
    func outputBlockPlacement() {
        let markdown = "```text\nx\n```\n\n```output\nx\n```\n\n```swift\nlet y = 1\n```\n"
        let (blocks, problems) = LessonBlock.blocks(in: markdown, lesson: "Lessons/x.md")
        #expect(problems.map(\.message).contains { $0.contains("must follow the ```swift program") })
        #expect(blocks.first?.expectedOutput == nil)
        #expect(blocks.first?.outputMismatch(printed: "anything").isEmpty == true)
    }

    @Test("Toolchain versions compare by component and parse swiftc's banner")
    func versions() throws {
        let banner = "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n"
        let version = try #require(ToolchainVersion(swiftVersionOutput: banner))
        #expect(version == ToolchainVersion([6, 3, 1]))
        #expect(version >= ToolchainVersion([6, 2]))
        #expect(ToolchainVersion([6, 1, 9]) < ToolchainVersion([6, 2]))
        #expect(ToolchainVersion([6, 2]) == ToolchainVersion([6, 2, 0]))
        #expect(ToolchainVersion(swiftVersionOutput: "Apple Swift version 6.2 (swiftlang-6.2.0.19.9)") == ToolchainVersion([6, 2]))
        #expect(ToolchainVersion(parsing: "6.x") == nil)
        #expect(ToolchainVersion(swiftVersionOutput: "clang 21") == nil)
    }

    @Test func lineDiff() {
        let diff = LineDiff.diff("a\nb\nc\nd", "a\nB\nc\nd\ne")
        #expect(diff == [.same("a"), .removed("b"), .added("B"), .same("c"), .same("d"), .added("e")])
        #expect(LineDiff.render(LineDiff.diff("x", "x"), palette: .plain) == "")
        #expect(LineDiff.render(diff, palette: .plain, context: 0) == "- b\n+ B\n  ⋮\n+ e\n")
    }

    @Test func shippedFilesRoundTrip() throws {
        let files = ShippedFiles(ids: [
            "Exercises/a/Tests/T.swift": String(repeating: "ab", count: 20), "Exercises/a/Sources/S.swift": String(repeating: "0", count: 40),
        ])
        #expect(try ShippedFiles(parsing: files.rendered()) == files)
        #expect(throws: CourseLoadError.self) { try ShippedFiles(parsing: "nonsense line\n") }
    }

    @Test(
        "A macOS version parses from what `minimum-macos` holds, or not at all",
        arguments: [
            ("26", MacOSVersion(26, 0)), ("26.0", MacOSVersion(26, 0)), ("15.4", MacOSVersion(15, 4)),
            ("26.0.1", nil), ("macOS 26", nil), ("", nil), ("26.", nil), (".4", nil), ("٢٦", nil),
        ] as [(String, MacOSVersion?)])
    func macOSVersionParsing(text: String, version: MacOSVersion?) {
        #expect(MacOSVersion(parsing: text) == version)
    }

    @Test func macOSVersionsOrderAndName() {
        #expect(MacOSVersion(15, 4) < MacOSVersion(26))
        #expect(MacOSVersion(15) < MacOSVersion(15, 1))
        #expect(MacOSVersion(26).description == "26.0")
        #expect(MacOSVersion(26).name == "macOS 26")
        #expect(MacOSVersion(15, 4).name == "macOS 15.4")
    }

    @Test(
        "The engine compiles for the exercises' package, or for an older running Mac",
        arguments: [
            (MacOSVersion(26), MacOSVersion(26, 1), MacOSVersion(26)),
            (MacOSVersion(26), MacOSVersion(15, 5), MacOSVersion(15, 5)),
            (MacOSVersion(15), MacOSVersion(26), MacOSVersion(15)),
        ])
    func deploymentTarget(package: MacOSVersion, running: MacOSVersion, target: MacOSVersion) {
        #expect(MacOSVersion.deploymentTarget(package: package, running: running) == target)
    }

    @Test func requiredMacOS() {
        var settings = CompilerSettings()
        #expect(settings.requiredMacOS == MacOSVersion.courseFloor)
        #expect(!settings.summary.contains("macOS"))
        settings.minimumMacOS = MacOSVersion(26)
        #expect(settings.requiredMacOS == MacOSVersion(26))
        #expect(settings.summary == "Swift 6, needs macOS 26 or newer")
    }

    @Test func settingsFlagsAndSummary() {
        let swift5 = CompilerSettings(languageMode: .swift5, strictConcurrency: .complete)
        #expect(swift5.compilerFlags == ["-swift-version", "5", "-strict-concurrency=complete"])
        let approachable = CompilerSettings(defaultIsolation: .mainActor, upcomingFeatures: CompilerSettings.approachableFeatures, sanitizer: .thread)
        #expect(approachable.compilerFlags.suffix(1) == ["-sanitize=thread"])
        #expect(approachable.summary == "Swift 6, main actor by default, approachable concurrency, Thread Sanitizer")
    }
}
