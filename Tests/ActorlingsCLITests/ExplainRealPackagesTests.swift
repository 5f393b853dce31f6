import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// `explain --build` on real packages written before strict concurrency (`Fixtures/explain-real`):
/// each package's captured Swift 6 build output, the source lines the diagnostics need (other lines
/// reduced to their braces), and `judgements.tsv`, which records for every distinct situation the
/// entry and code shape the explainer chose and whether its premise and first fix fit the code
/// (fits / partial / misleads), judged by reading that code. `fixes/` holds the fixes applied to
/// judged situations and `recompile.sh`, whose recorded output (`fixes/recompiled.txt`) shows each
/// situation's diagnostic gone after its fix; every shape the issue names needs one. Two fixtures
/// are a repository one step further (`packages.tsv` says how). The test fails when the
/// explainer's choice drifts from what was judged.
@Suite("Explain, on real packages")
struct ExplainRealPackagesTests {
    static let folder = TestPaths.testsDirectory.appendingPathComponent("Fixtures/explain-real").path
    static let packages = ["ReSwift", "SwiftyBeaver", "Rainbow", "PromiseKit", "swifter", "PromiseKit-step2", "RainbowPlayground"]
    /// The shapes issue 29 names: each needs a judged situation whose fix was applied and recompiled.
    static let requiredShapes: [CodeShape] = [
        .functionType, .lockGuardedClass, .globalFromAnotherModule, .genericParameter, .sendableInherited, .openClass,
    ]

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
        // As `explain --build` reads them: the files of the diagnostics and of their notes (a note
        // may point into a dependency, which is no source of this package).
        for file in Set(diagnostics.flatMap { [$0] + $0.notes }.compactMap(\.file)) {
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
    }

    /// The RESULT lines of `fixes/recompiled.txt`, the recorded output of `fixes/recompile.sh`:
    /// fixture, place, patch, gone|remains.
    static func recompiled() throws -> [(package: String, place: String, patch: String, result: String)] {
        let text = try String(contentsOfFile: "\(folder)/fixes/recompiled.txt", encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("RESULT\t") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return (fields[1], fields[2], fields[3], fields.count > 4 ? fields[4] : "")
        }
    }

    @Test("Every shape the issue names has a situation that fits whose fix was applied and recompiled", arguments: requiredShapes)
    func recompiledFix(shape: CodeShape) throws {
        let judgements = try Self.judgements()
        let recompiled = try Self.recompiled()
        let proven = judgements.filter { judgement in
            judgement.shape == shape.rawValue && judgement.verdict == "fits"
                && recompiled.contains { $0.package == judgement.package && $0.place == judgement.place && $0.result == "gone" }
        }
        #expect(!proven.isEmpty, "no situation of shape \(shape.rawValue) with a fix recompiled in fixes/recompiled.txt")
        for judgement in proven {
            let fix = try #require(recompiled.first { $0.place == judgement.place })
            #expect(FileManager.default.fileExists(atPath: "\(Self.folder)/fixes/\(fix.patch)"), "\(fix.patch) is not in fixes/")
        }
    }

    @Test("Each fixture names its repository and commit; at least five repositories")
    func provenance() throws {
        let text = try String(contentsOfFile: "\(Self.folder)/packages.tsv", encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        for package in Self.packages {
            let row = try #require(rows.first { $0.first == package }, "\(package) is not in packages.tsv")
            #expect(row.count >= 4 && row[1].hasPrefix("https://github.com/"), "\(package): no repository")
            #expect(row.count >= 4 && row[2].count == 40 && row[2].allSatisfy(\.isHexDigit), "\(package): no commit")
            #expect(FileManager.default.fileExists(atPath: "\(Self.folder)/\(package)/build.txt"), "\(package): no build.txt")
        }
        #expect(Set(rows.compactMap { $0.count > 1 ? $0[1] : nil }).count >= 5)
    }

    @Test("None of these packages imports a UI framework, and none is told @MainActor first")
    func noMainActorFirst() throws {
        let knowledge = try ExplainCapturedTests.knowledge.get()
        for package in Self.packages {
            let output = try String(contentsOfFile: "\(Self.folder)/\(package)/build.txt", encoding: .utf8)
            let diagnostics = DiagnosticParser.problems(in: output)
            var sources: [String: String] = [:]
            for file in Set(diagnostics.compactMap(\.file)) {
                sources[file] = try? String(contentsOfFile: "\(Self.folder)/\(file)", encoding: .utf8)
            }
            let report = BuildExplanation(diagnostics: diagnostics, knowledge: knowledge, root: package, sources: sources)
            for diagnostic in diagnostics where knowledge.isConcurrency(diagnostic) {
                guard let entry = knowledge.explanation(for: diagnostic), let context = report.context(of: diagnostic) else { continue }
                #expect(!context.importsUI)
                let first = entry.advice(for: context)?.fixes.first ?? entry.orderedFixes(for: context).first ?? ""
                #expect(
                    !first.contains("@MainActor") && !first.lowercased().contains("main actor"),
                    "\(package) \(diagnostic.file ?? ""):\(diagnostic.line ?? 0): first fix is \(first)")
            }
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
