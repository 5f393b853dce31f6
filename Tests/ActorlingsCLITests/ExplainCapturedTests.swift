import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// The explainer against output captured from the real compiler (`Fixtures/explain-captured`,
/// re-captured by its `capture.sh`): the defects found on real packages stay fixed.
@Suite("Explain, on captured compiler output")
struct ExplainCapturedTests {
    static let folder = TestPaths.testsDirectory.appendingPathComponent("Fixtures/explain-captured").path
    static let knowledge = Result { try ExplanationLoader(files: LocalCourseFiles(root: TestPaths.repositoryRoot)).load() }

    static func captured(_ name: String) throws -> String {
        try String(contentsOfFile: "\(folder)/\(name).txt", encoding: .utf8)
    }

    /// The explanation of each error and warning in a capture, with its words, as a learner reads it.
    static func explained(_ name: String) throws -> [(Diagnostic, Explanation)] {
        let knowledge = try knowledge.get()
        return try DiagnosticParser.problems(in: captured(name)).map { diagnostic in
            let explanation = try #require(knowledge.explanation(for: diagnostic), "\(name): nothing explains \(diagnostic.displayMessage)")
            return (diagnostic, explanation)
        }
    }

    static func words(_ entry: Explanation) -> String {
        ([entry.summary, entry.meaning, entry.wrongFix] + entry.fixes).joined(separator: "\n")
    }

    @Test(
        "Each explanation's premise fits the code that produced the diagnostic",
        arguments: [
            // A public struct of lets is not Sendable because it is public, not because it is mutable.
            ("public-struct", "sending-risks-data-race.toml", "`public struct Point: Sendable`"),
            // The same error for a class that guards its state with a lock: the lock case is named.
            ("lock-wrapper", "sending-closure-risks-data-race.toml", "every access really is guarded by a lock"),
            ("lock-wrapper", "sending-closure-risks-data-race.toml", "Mutex"),
            // Task.detached's result must be Sendable, and the explanation says where that comes from.
            ("detached-result", "sendable-requirement.toml", "`Success: Sendable`"),
            // A copy made by a method shares the original's region: sending it is no fix.
            ("copy-shares-region", "sending-risks-data-race.toml", "`draft.copy()`) does not help"),
            ("preconcurrency-import", "preconcurrency-import-advice.toml", "@preconcurrency"),
        ])
    func premise(capture: String, entry: String, words: String) throws {
        let explained = try Self.explained(capture)
        #expect(!explained.isEmpty)
        let entries = explained.map(\.1)
        let match = try #require(entries.first { $0.file.hasSuffix("/" + entry) }, "\(capture) is not explained by \(entry)")
        #expect(Self.words(match).contains(words), "\(entry) does not say \(words)")
    }

    @Test("A note pasted alone finds the entry of its error", arguments: ["copy-shares-region", "lock-wrapper", "public-struct"])
    func noteAlone(capture: String) throws {
        let knowledge = try Self.knowledge.get()
        let diagnostics = DiagnosticParser.parse(try Self.captured(capture))
        let error = try #require(diagnostics.first)
        let note = try #require(error.notes.first)
        let line = "note: \(note.displayMessage)"
        #expect(knowledge.explanations(forText: line).first?.explanation == knowledge.explanation(for: error), "\(line)")
        let rendered = ExplanationRenderer(palette: Palette(enabled: false)).render(
            try #require(knowledge.explanation(for: error)), for: try #require(knowledge.explanations(forText: line).first?.diagnostic))
        #expect(rendered.hasPrefix("note: \(note.displayMessage)\n"))
        // Without the "note:" and the id, as a learner copies it from an editor.
        #expect(knowledge.explanations(forText: note.message).first?.explanation == knowledge.explanation(for: error), "\(note.message)")
    }

    @Test(
        "Pasted without ids, every captured concurrency diagnostic is recognised",
        arguments: [
            "public-struct", "lock-wrapper", "detached-result", "sending-function", "copy-shares-region", "preconcurrency-import",
        ])
    func pastedWithoutIds(capture: String) throws {
        let knowledge = try Self.knowledge.get()
        for diagnostic in DiagnosticParser.problems(in: try Self.captured(capture)) {
            var bare = diagnostic
            bare.identifier = nil
            let answer = knowledge.explanation(for: bare) ?? knowledge.unexplained(bare)?.nearest
            #expect(answer != nil, "\(capture): \(diagnostic.message)")
            #expect(knowledge.isConcurrency(bare))
        }
    }

    @Test("Only diagnostics the catalog knows count as concurrency: not a group, not the word 'actor' in a path")
    func notConcurrency() throws {
        let knowledge = try Self.knowledge.get()
        let diagnostics = DiagnosticParser.problems(in: try Self.captured("build-not-concurrency"))
        #expect(diagnostics.count == 2)
        let report = BuildExplanation(diagnostics: diagnostics, knowledge: knowledge, root: "packages/not-concurrency")
        #expect(report.groups.isEmpty)
        #expect(report.unexplained.isEmpty)
        #expect(report.otherCount == 2)
        #expect(report.render(palette: Palette(enabled: false), width: 80) == "No concurrency diagnostics. (2 other diagnostics)\n")
    }

    @Test("A build that fails before type checking shows its errors instead of a green all-clear")
    func failedEarly() throws {
        let knowledge = try Self.knowledge.get()
        let output = try Self.captured("build-parse-failure")
        let report = BuildExplanation(
            diagnostics: DiagnosticParser.problems(in: output), knowledge: knowledge, root: "packages/parse-failure", failed: true, output: output)
        try goldenFiles.check(report.render(palette: Palette(enabled: false), width: 80), named: "explain-build-parse-failure.txt")
    }

    @Test("The build list keeps column numbers")
    func columns() throws {
        let knowledge = try Self.knowledge.get()
        let report = BuildExplanation(
            diagnostics: DiagnosticParser.problems(in: try Self.captured("copy-shares-region")), knowledge: knowledge, root: "", failed: true)
        #expect(report.render(palette: Palette(enabled: false), width: 80).contains("copy-shares-region.swift:14:5: sending 'copy' risks causing data races"))
    }

    /// The text of each file the capture's diagnostics point at, read from the fixture folder.
    static func sources(_ diagnostics: [Diagnostic]) -> [String: String] {
        var sources: [String: String] = [:]
        for file in diagnostics.flatMap({ [$0] + $0.notes }).compactMap(\.file) {
            sources[file] = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
        }
        return sources
    }

    @Test(
        "explain --build shows notes and source, folds repeats into a pattern, and says what Swift 6 mode may hide",
        arguments: [("build-legacy-globals", false), ("build-legacy-globals-survey", true)])
    func buildReport(capture: String, survey: Bool) throws {
        let knowledge = try Self.knowledge.get()
        let output = try Self.captured(capture)
        let diagnostics = DiagnosticParser.problems(in: output)
        let report = BuildExplanation(
            diagnostics: diagnostics, knowledge: knowledge, root: "packages/legacy-globals", failed: !survey, output: output,
            sources: Self.sources(diagnostics), survey: survey, packagePath: "packages/legacy-globals")
        let rendered = report.render(palette: Palette(enabled: false), width: 80)
        try goldenFiles.check(rendered, named: "explain-\(capture).txt")
        // The log prints every diagnostic twice (emit-module and compile): each is counted once.
        #expect(diagnostics.filter { $0.identifier == "shared_mutable_state_decl" }.count == 5)
        #expect(rendered.contains("5 × var '…' is not concurrency-safe"))
        #expect(rendered.contains("note: convert 'retryCount' to a 'let' constant"))
        #expect(rendered.contains("2 | public var retryCount = 3"))
        // Swift 6 mode stops before the region checks; the survey finds the closure they hid.
        #expect(report.mayHideDiagnostics == !survey)
        #expect(rendered.contains("--survey packages/legacy-globals") == !survey)
        #expect(rendered.contains("passing closure as a 'sending' parameter") == survey)
    }

    @Test(
        "The language mode a manifest builds in, for the survey hint on a clean Swift 5 build",
        arguments: [
            ("// swift-tools-version:4.0\nimport PackageDescription\n", 5 as Int?),
            ("// swift-tools-version: 5.9\nlet package = Package(name: \"A\", swiftLanguageVersions: [.v6])\n", 6),
            ("// swift-tools-version: 6.0\nlet package = Package(name: \"A\")\n", 6),
            ("// swift-tools-version: 6.2\nlet package = Package(name: \"A\", swiftLanguageModes: [.v5])\n", 5),
            ("import PackageDescription\n", nil),
        ])
    func languageMode(manifest: String, mode: Int?) throws {
        #expect(BuildExplanation.languageMode(ofManifest: manifest) == mode)
        let report = BuildExplanation(diagnostics: [], knowledge: try Self.knowledge.get(), root: "p", packagePath: "p", languageMode: mode)
        #expect(report.render(palette: Palette(enabled: false), width: 80).contains("--survey p") == (mode == 5))
    }
}
