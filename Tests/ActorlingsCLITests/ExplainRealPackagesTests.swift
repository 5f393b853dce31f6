import ActorlingsCore
import ActorlingsRuntime
import Foundation
import Testing

/// `explain --build` on real packages written before strict concurrency (`Fixtures/explain-real`):
/// each package's captured Swift 6 build output, the source lines the diagnostics need (other lines
/// reduced to their braces), and `judgements.tsv`, which records for every distinct situation the
/// entry and code shape the explainer chose and whether its premise and first fix fit the code
/// (fits / partial / misleads), judged by reading that code, several with the fix applied and the
/// package recompiled. The test fails when the explainer's choice drifts from what was judged.
@Suite("Explain, on real packages")
struct ExplainRealPackagesTests {
    static let folder = TestPaths.testsDirectory.appendingPathComponent("Fixtures/explain-real").path
    static let packages = ["ReSwift", "SwiftyBeaver", "Rainbow", "PromiseKit", "swifter"]

    struct Judgement {
        var package: String
        var place: String
        var entry: String
        var shape: String
        var verdict: String
        var why: String
    }

    static func judgements() throws -> [Judgement] {
        let text = try String(contentsOfFile: "\(folder)/judgements.tsv", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6 else { return nil }
            return Judgement(package: fields[0], place: fields[1], entry: fields[2], shape: fields[3], verdict: fields[4], why: fields[5])
        }
    }

    /// Each distinct situation of a package: the first diagnostic of each (entry, shape, message shape).
    static func situations(_ package: String) throws -> [(place: String, entry: String, shape: String, diagnostic: Diagnostic)] {
        let knowledge = try ExplainCapturedTests.knowledge.get()
        let output = try String(contentsOfFile: "\(folder)/\(package)/build.txt", encoding: .utf8)
        let diagnostics = DiagnosticParser.problems(in: output)
        var sources: [String: String] = [:]
        for file in Set(diagnostics.compactMap(\.file)) {
            sources[file] = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
        }
        let report = BuildExplanation(diagnostics: diagnostics, knowledge: knowledge, root: package, sources: sources)
        var seen = Set<String>()
        var result: [(String, String, String, Diagnostic)] = []
        for diagnostic in diagnostics where knowledge.isConcurrency(diagnostic) {
            let entry = knowledge.explanation(for: diagnostic)
            let file = entry.map { URL(fileURLWithPath: $0.file).lastPathComponent } ?? "-"
            let shape = report.context(of: diagnostic).flatMap { entry?.advice(for: $0)?.shape.rawValue } ?? "-"
            let key = file + shape + KnowledgeBase.normalized(diagnostic.message)
            guard seen.insert(key).inserted else { continue }
            let place = "\(diagnostic.file ?? ""):\(diagnostic.line ?? 0):\(diagnostic.column ?? 0)"
            result.append((place, file, shape, diagnostic))
        }
        return result
    }

    @Test("Every distinct situation is judged, with the entry and shape the explainer chooses today")
    func judged() throws {
        let judgements = try Self.judgements()
        var count = 0
        for package in Self.packages {
            for situation in try Self.situations(package) {
                count += 1
                let judgement = judgements.first { $0.package == package && $0.place == situation.place }
                #expect(
                    judgement != nil,
                    "not judged: \(package)\t\(situation.place)\t\(situation.entry)\t\(situation.shape)\t?\t\(situation.diagnostic.message)")
                guard let judgement else { continue }
                #expect(judgement.entry == situation.entry, "\(situation.place): explained by \(situation.entry), judged with \(judgement.entry)")
                #expect(judgement.shape == situation.shape, "\(situation.place): shape \(situation.shape), judged with \(judgement.shape)")
            }
        }
        #expect(count == judgements.count, "judgements.tsv has \(judgements.count) lines for \(count) situations")
    }

    @Test("At least 90% of the distinct situations fit, and none misleads")
    func fit() throws {
        let judgements = try Self.judgements()
        let fits = judgements.filter { $0.verdict == "fits" }.count
        let partial = judgements.filter { $0.verdict == "partial" }
        let misleads = judgements.filter { $0.verdict == "misleads" }
        #expect(judgements.allSatisfy { ["fits", "partial", "misleads"].contains($0.verdict) })
        print("Real packages: \(fits) of \(judgements.count) distinct situations fit, \(partial.count) partial, \(misleads.count) mislead")
        for judgement in partial + misleads { print("  \(judgement.verdict): \(judgement.package) \(judgement.place): \(judgement.why)") }
        #expect(judgements.count >= 15)
        #expect(fits * 100 >= judgements.count * 90, "\(fits) of \(judgements.count) fit")
        #expect(misleads.isEmpty)
        // Every shape met in these packages has a situation whose fix was applied and recompiled.
        let shapes = Set(judgements.map(\.shape)).subtracting(["-"])
        for shape in shapes {
            #expect(judgements.contains { $0.shape == shape && $0.why.contains("recompiled") }, "no recompiled fix for \(shape)")
        }
    }

    @Test("A real build's report: repeats folded (swifter's 127 DSL globals become one pattern), shape advice under each")
    func report() throws {
        let knowledge = try ExplainCapturedTests.knowledge.get()
        let output = try String(contentsOfFile: "\(Self.folder)/swifter/build.txt", encoding: .utf8)
        let diagnostics = DiagnosticParser.problems(in: output)
        var sources: [String: String] = [:]
        for file in Set(diagnostics.compactMap(\.file)) {
            sources[file] = try? String(contentsOfFile: "\(Self.folder)/\(file)", encoding: .utf8)
        }
        let report = BuildExplanation(
            diagnostics: diagnostics, knowledge: knowledge, root: "swifter", failed: true, output: output, sources: sources, packagePath: "swifter")
        let rendered = report.render(palette: Palette(enabled: false), width: 100)
        try goldenFiles.check(rendered, named: "explain-real-swifter.txt")
        #expect(rendered.contains("127 × var '…' is not concurrency-safe"))
        #expect(rendered.contains("In this code: The class is `open`"))
    }
}
