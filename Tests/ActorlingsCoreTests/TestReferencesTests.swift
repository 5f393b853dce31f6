import Testing

@testable import ActorlingsCore

/// What the protected tests use of the learner's module, compared with what they use of the
/// reference solution's.
///
/// `Fixtures/test-references/*.txt` are the lines that matter (the source file, and every
/// `decl=`/`initializer=` into the module or of a protocol requirement used on a concrete type) of
/// `swiftc -parse-as-library -module-name LedgerTests -I <module> -dump-ast WalletTests.swift`
/// (Swift 6.3.1, Linux), against module `Ledger` built from each folder of
/// `Fixtures/test-references/sources/` (`reference`: the reference solution; `elsewhere`: an honest
/// answer that declares things in other files, on other lines, in an extension;
/// `int-equality`: an `==` on `Int` in an extension; `own-result-type`: a balance of a type of its
/// own, `Equatable` with nothing stored).
@Suite("What the tests use of the learner's module")
struct TestReferencesTests {
    static func uses(_ name: String) throws -> [TestReference] {
        CompilerView(astDump: try fixture("test-references/\(name).txt"), moduleName: "LedgerTests", usesOf: "Ledger").uses
    }

    static func expected() throws -> Set<String> {
        TestReferences.names(try uses("reference"))
    }

    static func tests() throws -> [ConstructFinder.Source] {
        [
            ConstructFinder.Source(
                path: "tests/WalletTests.swift", displayPath: "Exercises/01-s/ledger/Tests/WalletTests.swift",
                text: try fixture("test-references/sources/WalletTests.swift.txt"))
        ]
    }

    @Test("The reference solution's uses are named without module, file or line")
    func referenceNames() throws {
        #expect(try Self.expected() == ["Wallet.init", "Wallet.deposit", "Wallet.balance", "total"])
    }

    @Test("The same code compared with itself has nothing unexpected")
    func identicalSets() throws {
        let uses = try Self.uses("reference")
        #expect(TestReferences.unexpected(uses, expected: try Self.expected()).isEmpty)
        #expect(TestReferences.findings(uses, expected: try Self.expected(), tests: try Self.tests(), learnerFiles: []).isEmpty)
    }

    @Test("An honest answer that declares things in other files, on other lines, or in an extension matches")
    func honestDifferences() throws {
        let uses = try Self.uses("elsewhere")
        // The dump does say where each one is, and that `deposit` is in an extension…
        #expect(uses.contains { $0.declaration?.file == "/w/Ledger/Deposits.swift" && $0.name == "Wallet.deposit" })
        // …and none of it counts.
        #expect(TestReferences.names(uses) == (try Self.expected()))
        #expect(TestReferences.unexpected(uses, expected: try Self.expected()).isEmpty)
    }

    @Test("An `==` on a standard type, declared in an extension of the learner's, is a finding at the test's line")
    func extensionOfAStandardType() throws {
        let uses = try Self.uses("int-equality")
        let unexpected = TestReferences.unexpected(uses, expected: try Self.expected())
        #expect(unexpected.map(\.name) == ["Int.=="])
        #expect(unexpected.first?.kind == .declaration)
        let learner = ConstructFinder.Source(path: "/w/Ledger/Wallet.swift", displayPath: "Exercises/01-s/ledger/Sources/Wallet.swift", text: "")
        let findings = TestReferences.findings(uses, expected: try Self.expected(), tests: try Self.tests(), learnerFiles: [learner])
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.construct.id == TestReferences.constructID)
        #expect(finding.construct.name.contains("`Int.==` (Exercises/01-s/ledger/Sources/Wallet.swift:7)"))
        #expect(finding.construct.name.contains("the tests' `==` on `Int`"))
        #expect(finding.construct.instead.contains("the standard library's, or the one Swift derives"))
        #expect("\(finding.file):\(finding.line)" == "Exercises/01-s/ledger/Tests/WalletTests.swift:7")
        #expect(finding.lineText == "#expect(wallet.balance == 5)")
    }

    @Test("A type of the learner's own, compared by its synthesized `==` and made from a literal, is two findings")
    func synthesizedConformance() throws {
        let uses = try Self.uses("own-result-type")
        let unexpected = TestReferences.unexpected(uses, expected: try Self.expected())
        #expect(unexpected.map(\.name).sorted() == ["Amount.init", "Swift.Equatable.== on Amount"])
        #expect(Set(unexpected.map(\.kind)) == [.literal, .conformance])
        let findings = TestReferences.findings(uses, expected: try Self.expected(), tests: try Self.tests(), learnerFiles: [])
        #expect(findings.allSatisfy { $0.file == "Exercises/01-s/ledger/Tests/WalletTests.swift" && $0.line == 7 })
        #expect(findings.contains { $0.construct.name.contains("`Swift.Equatable.==` on `Amount`") })
        #expect(findings.contains { $0.construct.name.contains("your type `Amount`") })
    }

    @Test("The verdict names what the tests resolved to, where it is declared, the test line, why and what to do")
    func verdict() throws {
        let learner = ConstructFinder.Source(path: "/w/Ledger/Wallet.swift", displayPath: "Exercises/01-s/ledger/Sources/Wallet.swift", text: "")
        let uses = try Self.uses("int-equality") + Self.uses("own-result-type")
        let findings = TestReferences.findings(uses, expected: try Self.expected(), tests: try Self.tests(), learnerFiles: [learner])
        let exercise = Exercise(
            id: "ledger", title: "Ledger", stepNumber: 1, section: "s", files: ["Wallet.swift"], testFiles: ["WalletTests.swift"],
            settings: CompilerSettings(), expectedFailure: .tests(["depositsAddUp()"]), forbidden: [], hints: ["one", "two"], afterPass: "",
            timeLimit: .seconds(10), points: 1, directory: "Exercises/01-s/ledger", solutionDirectory: "Solutions/01-s/ledger")
        let verdict = Verdict(exerciseID: exercise.id, outcome: .forbidden(findings), duration: .milliseconds(412))
        try goldenFiles.check(
            VerdictRenderer(palette: .plain) { _ in nil }.render(verdict, exercise: exercise), named: "verdict-tests-resolve-to-learner-code.txt")
    }

    @Test("A use inside #expect is found where the macro is used, once per name")
    func insideAMacro() throws {
        // Every use in the fixture appears twice: in the test file and in the macro's buffer.
        let uses = try Self.uses("int-equality")
        #expect(uses.contains { $0.location.file.hasPrefix("@__swiftmacro_") && $0.name == "Int.==" })
        let findings = TestReferences.findings(
            uses.filter { $0.location.file.hasPrefix("@__swiftmacro_") }, expected: try Self.expected(), tests: try Self.tests(), learnerFiles: [])
        #expect(findings.map { "\($0.file):\($0.line):\($0.column)" } == ["Exercises/01-s/ledger/Tests/WalletTests.swift:7:5"])
    }

    @Test(
        "The type a protocol requirement is used on ends at the substitution's end, or at the next replacement",
        arguments: [
            ("Swift.(file).Equatable.== [with (substitution_map generic_signature=<Self where Self : Equatable> Self -> Sum)]", "Sum"),
            (
                "Swift.(file).Sequence.map [with (substitution_map generic_signature=<Self, T where Self : Sequence> Self -> [Int] T -> String)]",
                "[Int]"
            ),
            ("Swift.(file).Equatable.== [with (substitution_map generic_signature=<Self where Self : Equatable> Self -> [String : Int])]", "[String : Int]"),
            ("M.(file).P.run [with (substitution_map generic_signature=<Self where Self : P> Self -> Box<(Int) -> Void>)]", "Box<(Int) -> Void>"),
            ("Swift.(file).Int.==", nil),
        ] as [(String, String?)])
    func selfReplacement(value: String, type: String?) {
        #expect(CompilerView.selfReplacement(in: value[...]) == type)
    }

    @Test("The shipped file reads back what it wrote, sorted, with an empty set kept")
    func fileRoundTrip() throws {
        let references = TestReferences(sets: ["guarded": ["total", "Int.=="], "empty": []])
        let text = references.rendered()
        #expect(text.contains("format = 1\n\n[empty]\n\n[guarded]\nInt.==\ntotal\n"))
        #expect(try TestReferences(parsing: text) == references)
    }

    @Test(
        "A damaged or newer file is an error that names the line and what to do",
        arguments: [
            ("total\n", "expected 'format = 1' first"),
            ("format = 1\ntotal\n", "a name before the first [exercise] section"),
            ("format = 1\n[a]\n[a]\n", "empty or repeated"),
            ("format = 2\n[a]\n", "update Actorlings"),
            ("# only a comment\n", "has no 'format = 1' line"),
        ])
    func damagedFile(text: String, says: String) {
        #expect {
            try TestReferences(parsing: text)
        } throws: { error in
            "\(error)".contains(says) && "\(error)".contains(TestReferences.path)
        }
    }
}
