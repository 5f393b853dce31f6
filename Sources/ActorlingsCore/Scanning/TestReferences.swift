import Foundation

/// One thing the protected tests use of the learner's module, as the compiler resolved it (see
/// ``CompilerView/uses``).
///
/// The tests are compiled against the learner's module, so what their expressions mean depends
/// on it: an `extension Int { static func == … }` of the learner's is the `==` of every
/// `#expect(a == b)` on `Int`; a result type of the learner's own turns the tests' literals into
/// it and compares with its `==`. Each use is named so that honest answers that differ only in
/// where they declare things (files, lines, an extension instead of the type's body) name it alike.
public struct TestReference: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A declaration of the learner's module: `total`, `Wallet.balance`, `Int.==`.
        case declaration
        /// A literal that became a type of the learner's module: `Sum.init(integerLiteral:)`.
        case literal
        /// A protocol requirement used on a concrete type, whose witness is not named in the
        /// dump (a synthesized `==`): `Swift.Equatable.== on Sum`.
        case conformance
    }

    /// What is compared with the reference solution's: no module, no file, no line.
    public var name: String
    public var kind: Kind
    /// Where the tests use it: a test file, or a macro expansion's buffer (`@__swiftmacro_…`).
    public var location: CompilerView.Location
    /// Where the learner declared it, when the dump says (not for a conformance).
    public var declaration: CompilerView.Location?

    public init(name: String, kind: Kind, location: CompilerView.Location, declaration: CompilerView.Location? = nil) {
        self.name = name
        self.kind = kind
        self.location = location
        self.declaration = declaration
    }
}

/// What the protected tests of every exercise use of the reference solution's module: shipped
/// with the course as `Exercises/test-references.txt` (a learner's template has no `Solutions/`),
/// written by `dev generate`, checked for staleness by `dev check`.
///
/// A check compares the tests' uses of the learner's module with this set; a use outside it is a
/// finding, before any test runs. The format (`Documentation/CourseFormat.md`):
///
/// ```
/// # comment
/// format = 1
///
/// [guarded]
/// total
/// ```
///
/// One `[exercise-id]` section per exercise whose tests were compared (an exercise that asks for
/// tests has none), then one name per line, sorted.
public struct TestReferences: Sendable, Equatable {
    public static let path = "Exercises/test-references.txt"
    public static let format = 1

    /// The names, by exercise id.
    public var sets: [String: Set<String>]

    public init(sets: [String: Set<String>] = [:]) {
        self.sets = sets
    }

    public init(parsing text: String) throws(CourseLoadError) {
        var sets: [String: Set<String>] = [:]
        var current: String?
        var format: Int?
        var problems: [CourseProblem] = []
        let fix = "regenerate it with `swift run actorlings dev generate`"
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw).trimmingTrailingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if format == nil {
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0] == "format", let value = Int(parts[1]) else {
                    problems.append(CourseProblem(file: Self.path, line: index + 1, message: "expected 'format = \(Self.format)' first; \(fix)"))
                    break
                }
                guard value <= Self.format else {
                    problems.append(
                        CourseProblem(
                            file: Self.path, line: index + 1, key: "format",
                            message: "format \(value) is newer than this Actorlings knows (\(Self.format)); update Actorlings"))
                    break
                }
                format = value
                continue
            }
            if line.hasPrefix("["), line.hasSuffix("]") {
                let id = String(line.dropFirst().dropLast())
                guard !id.isEmpty, sets[id] == nil else {
                    problems.append(CourseProblem(file: Self.path, line: index + 1, message: "the section [\(id)] is empty or repeated; \(fix)"))
                    continue
                }
                sets[id] = []
                current = id
                continue
            }
            guard let current else {
                problems.append(CourseProblem(file: Self.path, line: index + 1, message: "a name before the first [exercise] section; \(fix)"))
                continue
            }
            sets[current, default: []].insert(line.trimmingCharacters(in: .whitespaces))
        }
        if format == nil, problems.isEmpty {
            problems.append(CourseProblem(file: Self.path, message: "has no 'format = \(Self.format)' line; \(fix)"))
        }
        if !problems.isEmpty { throw CourseLoadError(problems: problems) }
        self.sets = sets
    }

    public func rendered() -> String {
        var text = """
            # Generated by `swift run actorlings dev generate`: what each exercise's protected tests use of the
            # reference solution's module. A check of a learner's code fails when the tests use anything else
            # of theirs (Documentation/CourseFormat.md, "Exercises/test-references.txt").
            format = \(Self.format)

            """
        for id in sets.keys.sorted() {
            text += "\n[\(id)]\n"
            for name in (sets[id] ?? []).sorted() { text += name + "\n" }
        }
        return text
    }

    /// The names of `uses`, as a set for this file.
    public static func names(_ uses: [TestReference]) -> Set<String> {
        Set(uses.map(\.name))
    }

    /// The uses whose name is not in `expected`, the first of each name (in the order of the
    /// dump), so a finding is one line per declaration, not per test that uses it.
    public static func unexpected(_ uses: [TestReference], expected: Set<String>) -> [TestReference] {
        var seen: Set<String> = []
        return uses.filter { !expected.contains($0.name) && seen.insert($0.name).inserted }
    }

    /// The findings for the uses outside `expected`, at the test line that makes each one.
    ///
    /// - Parameters:
    ///   - tests: the protected test files (`path` as the compiler was given it, `displayPath` as
    ///     the learner reads it), to map a macro's expansion back to the line that uses it.
    ///   - learnerFiles: the learner's files, to name a declaration's file as the learner reads it.
    public static func findings(
        _ uses: [TestReference], expected: Set<String>, tests: [ConstructFinder.Source], learnerFiles: [ConstructFinder.Source]
    ) -> [ForbiddenFinding] {
        unexpected(uses, expected: expected).map { use in
            var (file, line, column) = (use.location.file, use.location.line, use.location.column)
            if let site = ConstructFinder.expansionSite(of: file, in: tests) { (file, line, column) = site }
            let test = tests.first { $0.path == file || $0.displayPath == file }
            let declared = use.declaration.map { declaration in
                let shown = learnerFiles.first { $0.path == declaration.file }?.displayPath ?? declaration.file
                return "\(shown):\(declaration.line)"
            }
            return ForbiddenFinding(
                construct: construct(for: use, declaredAt: declared), file: test?.displayPath ?? file, line: line, column: column,
                lineText: test.map { ConstructFinder.line(line, of: $0.text) } ?? "")
        }
    }

    /// The id of the construct every such finding carries (not one of `course.toml`'s: it cannot be allowed).
    public static let constructID = "tests-resolve-to-learner-code"

    /// What the learner reads: which use, where they declared it, why it cannot count, what to do.
    /// The renderer follows the name with the test's place: "… resolved to at Tests/X.swift:5:30".
    static func construct(for use: TestReference, declaredAt declared: String?) -> Construct {
        let path = use.name.split(separator: ".", omittingEmptySubsequences: false)
        let member = path.last.map(String.init) ?? use.name
        let owner = path.dropLast().joined(separator: ".")
        let place = declared.map { " (\($0))" } ?? ""
        let keepTypes = "Keep the types of the shipped signatures, and compute the value the tests expect."
        let (name, why, instead): (String, String, String)
        switch use.kind {
        case .declaration:
            let used = owner.isEmpty ? "`\(member)`" : "`\(member)` on `\(owner)`"
            name = "your `\(use.name)`\(place), which the tests' \(used) resolved to"
            why =
                "Against the reference solution, the tests use no `\(use.name)` of yours. A declaration of yours that a test's "
                + "expression picks instead of the standard one (an operator or member in an extension of a standard type, an "
                + "overload) changes what the test checks: an `==` that is always true makes every `#expect(a == b)` pass."
            instead =
                "Remove it, or give it a name the tests don't use: the tests must use the `\(member)` they use against the "
                + "reference solution — the standard library's, or the one Swift derives for a type of yours."
        case .literal:
            name = "your type `\(owner)` (its initializer\(declared.map { " at \($0)" } ?? "")), which a literal of the tests became"
            why =
                "Against the reference solution, no literal of the tests becomes a type of yours. A result of your own type, made "
                + "from the values the tests expect, is compared however that type decides."
            instead = keepTypes
        case .conformance:
            let parts = use.name.components(separatedBy: " on ")
            let requirement = parts.first ?? use.name
            let type = parts.count > 1 ? parts.dropFirst().joined(separator: " on ") : "?"
            let short = requirement.split(separator: ".").last.map(String.init) ?? requirement
            name = "`\(requirement)` on `\(type)`, which the tests' `\(short)` used"
            why =
                "Against the reference solution, the tests never use `\(requirement)` on `\(type)`. A type of yours in place of "
                + "the one the tests expect is compared by its own conformance (the `==` Swift derives for a type without stored "
                + "properties is always true)."
            instead = keepTypes
        }
        return Construct(id: constructID, name: name, matchers: [], why: why, instead: instead)
    }
}
