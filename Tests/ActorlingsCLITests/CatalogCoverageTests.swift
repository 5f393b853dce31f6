import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// How much of the toolchain's concurrency diagnostics `explain` recognises, measured on the
/// checked-in catalog (`Lessons/Explanations/Catalog/concurrency.tsv`): for every error and
/// warning outside distributed actors, a message rendered from its format — every `%select`
/// alternative, names in the placeholders — must be explained by an entry that lists its id.
@Suite("Catalog coverage")
struct CatalogCoverageTests {
    /// The share of those diagnostics (in percent) below which the test fails. Raise it as
    /// entries land; never lower it.
    static let floor = 98

    @Test("explain recognises the toolchain's concurrency errors and warnings, pasted or by id")
    func coverage() throws {
        let knowledge = try ExplanationLoader(files: LocalCourseFiles(root: TestPaths.repositoryRoot)).load()
        let counted = knowledge.catalog.entries.filter { $0.kind != .note && !$0.distributed }
        #expect(counted.count > 200, "the catalog should hold the toolchain's concurrency diagnostics; run `actorlings dev generate`")
        var covered: [String] = []
        var gaps: [String: [String]] = [:]
        for entry in counted {
            let samples = entry.sampleMessages()
            let byId = knowledge.explanation(for: Diagnostic(severity: .error, message: samples.first ?? "", identifier: entry.id))
            // Some ids share one format word for word (a property's and a result's witness
            // mismatch): pasted, they cannot be told apart, so an entry for either serves both.
            let twins = Set(knowledge.catalog.entries.filter { $0.format == entry.format }.map(\.id))
            // Bare, and as printed (with its id and group, or the group alone): a tag never makes it worse.
            let group = byId?.groups.first.map { " [#\($0)]" } ?? ""
            let pasted = samples.allSatisfy { sample in
                [sample, "\(entry.kind.rawValue): \(sample) [\(entry.id)]\(group)", "\(entry.kind.rawValue): \(sample)\(group)"].allSatisfy { line in
                    knowledge.explanations(forText: line).first?.explanation?.ids.contains(where: twins.contains) == true
                }
            }
            if byId != nil, pasted {
                covered.append(entry.id)
            } else {
                gaps[entry.family, default: []].append(entry.id)
            }
        }
        let percent = covered.count * 100 / max(counted.count, 1)
        print("Catalog coverage: \(covered.count) of \(counted.count) concurrency errors and warnings (\(percent)%) recognised with an entry for their id")
        for (family, ids) in gaps.sorted(by: { $0.value.count > $1.value.count }) {
            print("  not yet: \(family) (\(ids.count)): \(ids.joined(separator: ", "))")
        }
        #expect(percent >= Self.floor, "coverage \(percent)% is below the floor of \(Self.floor)%")
    }

    @Test("A note pasted alone gets its own entry or is answered as a note, never with a guessed entry")
    func notes() throws {
        let knowledge = try ExplanationLoader(files: LocalCourseFiles(root: TestPaths.repositoryRoot)).load()
        let notes = knowledge.catalog.entries.filter { $0.kind == .note && !$0.distributed }
        var withEntry = 0
        for note in notes {
            for sample in note.sampleMessages() {
                let answer = try #require(knowledge.explanations(forText: "note: \(sample)").first)
                if let explanation = answer.explanation {
                    let twins = Set(knowledge.catalog.entries.filter { $0.format == note.format }.map(\.id))
                    // A shape shared with an error may be read as that error; it must still be this family's entry.
                    #expect(
                        explanation.ids.contains { twins.contains($0) }
                            || knowledge.catalog.recognise(sample).first.map { explanation.ids.contains($0.id) } == true,
                        "\(note.id): '\(sample)' explained by \(explanation.file)")
                } else {
                    let unexplained = knowledge.unexplained(answer.diagnostic)
                    #expect(unexplained?.nearest == nil, "\(note.id): '\(sample)' answered with a guessed entry")
                }
                // Pasted with its id, as `-debug-diagnostic-names` prints it: never worse than bare.
                let tagged = try #require(knowledge.explanations(forText: "note: \(sample) [\(note.id)]").first)
                let own = knowledge.explanation(for: Diagnostic(severity: .note, message: "", identifier: note.id))
                if let own {
                    #expect(tagged.explanation?.file == own.file, "\(note.id): pasted with its id, explained by \(tagged.explanation?.file ?? "nothing")")
                } else if answer.explanation != nil {
                    #expect(tagged.explanation != nil, "\(note.id): explained bare, not with its id")
                } else {
                    #expect(knowledge.unexplained(tagged.diagnostic)?.nearest == nil, "\(note.id): with its id, answered with a guessed entry")
                }
            }
            if knowledge.explanation(for: Diagnostic(severity: .note, message: "", identifier: note.id)) != nil { withEntry += 1 }
        }
        print("Notes: \(withEntry) of \(notes.count) concurrency notes have an entry; the others are answered as notes of the diagnostic above them")
        #expect(withEntry * 100 / max(notes.count, 1) >= Self.notesFloor)
    }

    /// The share of concurrency notes with an entry of their own, below which the test fails.
    static let notesFloor = 90
}
