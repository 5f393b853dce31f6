import ActorlingsTestSupport
import Foundation
import Testing

/// `dev mutants` end to end, against `Fixtures/mutants-course`: one exercise whose reference
/// solution gives five mutants — two killed by a failing test, one the tests only hang on, one
/// declared equivalent in the corpus, one that survives.
@Suite("dev mutants, end to end")
struct MutantsEndToEndTests {
    @Test("Each mutant is killed, hung on, declared equivalent or survives; a hang is not a kill, and the score leaves out the equivalent one")
    func scores() async throws {
        let course = try TestPaths.copyOfFixture(named: "mutants-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let result = try await runActorlings(["dev", "mutants", "--color", "never"], in: course)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✘ quota"), "\(result.output)")
        #expect(result.output.contains("mutants: 2/4 killed (50%), 1 equivalent, 1 survived, 1 hung"), "\(result.output)")
        #expect(
            result.output.contains(
                "Solutions/00-basics/quota/Quota.swift:35: the tests hang on mutant remove-cancellation-check@Quota.swift:35 (running: toppingUpStopsWhenCancelled()), which is not a kill"
            ), "\(result.output)")
        #expect(result.output.contains("Solutions/00-basics/quota/Quota.swift:43: mutant main-actor-run@Quota.swift:43 survived"), "\(result.output)")
        #expect(!result.output.contains("drop-concurrent@Quota.swift:42 survived"), "the declared equivalent mutant is not a problem")
        #expect(result.output.contains("course mutation score: 2/4 killed (50%)"), "\(result.output)")
    }

    @Test("Declared equivalent, the survivors are no longer problems; a declaration that fits no mutant is reported with its line")
    func declarations() async throws {
        let course = try TestPaths.copyOfFixture(named: "mutants-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let corpus = "\(course)/Solutions/00-basics/quota/corpus.toml"
        let declared = try String(contentsOfFile: corpus, encoding: .utf8)
        try
            (declared + """

                [[equivalent-mutant]]
                operator = "main-actor-run"
                line = 43
                why = "Counting two words on the main actor costs nothing a user could see."

                [[equivalent-mutant]]
                operator = "remove-cancellation-check"
                line = 35
                why = "A fixture's declaration."

                [[equivalent-mutant]]
                operator = "swallow-error"
                line = 12
                why = "Line 12 has no throwing call."
                """).write(toFile: corpus, atomically: true, encoding: .utf8)
        let result = try await runActorlings(["dev", "mutants", "quota", "--color", "never"], in: course)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("mutants: 2/2 killed (100%), 3 equivalent"), "\(result.output)")
        #expect(
            result.output.contains("Solutions/00-basics/quota/corpus.toml:18: no swallow-error mutant at Quota.swift:12"), "\(result.output)")
        #expect(!result.output.contains("survived:"), "\(result.output)")
        #expect(result.output.contains("1 problem(s)"), "\(result.output)")
    }
}
