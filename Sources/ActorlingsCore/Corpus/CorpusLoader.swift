/// Loads and validates one exercise's `corpus.toml` against the exercise and the files beside it.
///
/// A missing `corpus.toml` is an empty corpus, not a problem: most exercises start without one,
/// and a learner's checkout has no `Solutions/` at all. Every problem is collected before
/// failing, each with the file, line and key to fix.
public struct CorpusLoader: Sendable {
    let files: any CourseFileSource
    let exercise: Exercise
    /// The course's construct ids, to catch a misspelled `construct`.
    let constructIDs: Set<String>

    static let rejectionKinds = ["tests", "construct", "compile", "crash", "race"]

    public init(files: any CourseFileSource, exercise: Exercise, constructIDs: Set<String>) {
        self.files = files
        self.exercise = exercise
        // The exercise's own constructs reject like the course's.
        self.constructIDs = constructIDs.union(exercise.constructs.map(\.id))
    }

    var path: String { Corpus.path(for: exercise) }

    /// The corpus, or every problem found in it.
    public func load() throws(CourseLoadError) -> Corpus {
        let (corpus, problems) = loadValidEntries()
        if !problems.isEmpty { throw CourseLoadError(problems: problems) }
        return corpus
    }

    /// The valid entries, and the problems of the others: one bad entry (say, one that waits for
    /// a construct rule not written yet) must not stop the rest of the corpus from being checked.
    /// A corpus file that cannot be read or parsed gives no entries.
    public func loadValidEntries() -> (corpus: Corpus, problems: [CourseProblem]) {
        var problems: [CourseProblem] = []
        let table: TOMLTable
        switch files.read(path) {
        case .missing:
            for folder in ["wrong", "also-correct"] where files.directories(in: exercise.solutionDirectory + "/" + folder) != nil {
                problems.append(
                    CourseProblem(
                        file: "\(exercise.solutionDirectory)/\(folder)",
                        message: "there is no \(Corpus.fileName) beside it; declare each entry there (see Documentation/CourseFormat.md)"))
            }
            return (Corpus(file: path, exists: false), problems)
        case .unreadable(let reason):
            return (Corpus(file: path, exists: false), [CourseProblem(file: path, message: "cannot be read: \(reason)")])
        case .text(let text):
            do {
                table = try TOMLParser.parse(text)
            } catch {
                return (Corpus(file: path, exists: false), [CourseProblem(file: path, line: error.line, message: error.message)])
            }
        }

        var reader = TableReader(table, file: path)
        if let format = reader.integer("format"), format.value != Corpus.supportedFormat {
            let advice = format.value > Corpus.supportedFormat ? "; update Actorlings" : ""
            reader.problem("format", "this Actorlings understands corpus format \(Corpus.supportedFormat), found \(format.value)\(advice)")
        }
        let wrongTables = reader.tables("wrong", required: false) ?? []
        let alsoCorrectTables = reader.tables("also-correct", required: false) ?? []
        let equivalentTables = reader.tables("equivalent-mutant", required: false) ?? []
        reader.reportUnknownKeys(hint: "keys written after a [[wrong]] header belong to that entry; put `format` first")
        problems += reader.problems

        // An exercise that asks for tests declares tests in the learner's files too: the shipped
        // ones and the reference answer's.
        let learnerTests = exercise.kind == .writeTests ? exercise.sourcePaths + exercise.solutionPaths : []
        let testNames = DeclaredTests(files: files, paths: exercise.testPaths + learnerTests)
        var corpus = Corpus(file: path)
        for table in wrongTables {
            if let fix = loadWrongFix(table, testNames: testNames, problems: &problems) {
                corpus.wrongFixes.append(fix)
            }
        }
        for table in alsoCorrectTables {
            if let answer = loadAlsoCorrect(table, problems: &problems) {
                corpus.alsoCorrect.append(answer)
            }
        }
        for table in equivalentTables {
            if let equivalent = loadEquivalentMutant(table, problems: &problems) {
                corpus.equivalentMutants.append(equivalent)
            }
        }
        // Two entries of one name would share a folder: neither is checked until one is renamed.
        let wrongDuplicates = duplicates(wrongTables, kind: "wrong")
        let alsoCorrectDuplicates = duplicates(alsoCorrectTables, kind: "also-correct")
        problems += wrongDuplicates.problems + alsoCorrectDuplicates.problems
        corpus.wrongFixes.removeAll { wrongDuplicates.names.contains($0.name) }
        corpus.alsoCorrect.removeAll { alsoCorrectDuplicates.names.contains($0.name) }
        problems += undeclaredFolders("wrong", declared: wrongTables)
        problems += undeclaredFolders("also-correct", declared: alsoCorrectTables)
        return (corpus, problems)
    }

    private func loadWrongFix(_ table: TOMLTable, testNames: DeclaredTests, problems: inout [CourseProblem]) -> WrongFix? {
        var reader = TableReader(table, file: path, context: "wrong")
        let name = reader.string("name")
        let trap = reader.string("trap")
        let kind = reader.string("rejected-by")
        let tests = reader.strings("tests", required: false)
        let construct = reader.string("construct", required: false)
        let diagnostic = reader.string("diagnostic", required: false)
        let says = reader.string("says")
        let afterPass = reader.boolean("after-pass", required: false) ?? false
        reader.reportUnknownKeys()

        // Each kind of rejection takes exactly its own key: a stray one means the author
        // believes the entry is checked in a way it is not.
        let given = [("tests", tests != nil), ("construct", construct != nil), ("diagnostic", diagnostic != nil)]
        let needed = ["tests": "tests", "construct": "construct", "compile": "diagnostic"]
        var rejection: WrongFix.Rejection?
        if kind == "crash" || kind == "race" {
            for (other, present) in given where present {
                reader.problem(
                    other, "only applies with rejected-by = \"\(other == "diagnostic" ? "compile" : other)\"; this entry is rejected by a \(kind ?? "")")
            }
            rejection = kind == "race" ? .race : .crash
        } else if let kind {
            if let key = needed[kind] {
                for (other, present) in given where present && other != key {
                    reader.problem(other, "only applies with rejected-by = \"\(other == "diagnostic" ? "compile" : other)\"; this entry is rejected by \(kind)")
                }
                if !given.contains(where: { $0.0 == key && $0.1 }) {
                    reader.problem("rejected-by", "rejected-by = \"\(kind)\" needs `\(key) = …`: \(Self.keyHelp[key] ?? "")")
                }
            } else {
                var message = "must be \"tests\", \"construct\", \"compile\" or \"crash\", found \"\(kind)\""
                if let best = Suggestions.closest(to: kind, among: Self.rejectionKinds).first { message += "; did you mean '\(best)'?" }
                reader.problem("rejected-by", message)
            }
        }
        switch kind {
        case "tests":
            if let tests {
                if tests.isEmpty { reader.problem("tests", "name at least one test that must fail") }
                let mutantNames = exercise.mutants.map(\.resultName)
                for test in tests where !testNames.declares(test) && !mutantNames.contains(test) {
                    reader.problem("tests", "no test named '\(test)' in \(exercise.testsPath)/; write the function name with \"()\", as in [expect]")
                }
                if !tests.isEmpty { rejection = .tests(tests) }
            }
        case "construct":
            if let construct {
                if !constructIDs.contains(construct) {
                    var message = "unknown construct '\(construct)'"
                    if let best = Suggestions.closest(to: construct, among: Array(constructIDs)).first { message += "; did you mean '\(best)'?" }
                    reader.problem("construct", message + "; a construct must be defined in course.toml to reject anything")
                } else if !exercise.forbidden.contains(construct) {
                    reader.problem("construct", "the exercise does not forbid '\(construct)', so it cannot reject by it; add it to `forbid` in exercise.toml")
                } else {
                    rejection = .construct(construct)
                }
            }
        case "compile":
            if let diagnostic {
                if diagnostic.hasPrefix("#") {
                    reader.problem("diagnostic", "write the group without '#': \"\(diagnostic.dropFirst())\"")
                } else {
                    rejection = .compile(diagnostic)
                }
            }
        default:
            break
        }
        if let name {
            checkName(name, kind: "wrong", reader: &reader)
            checkFiles(of: "wrong/\(name)", line: table.line, problems: &problems)
        }
        problems += reader.problems
        guard reader.problems.isEmpty, let name, let trap, let says, let rejection else { return nil }
        return WrongFix(
            name: name, trap: trap, rejection: rejection, says: says, afterPass: afterPass,
            directory: "\(exercise.solutionDirectory)/wrong/\(name)", line: table.line)
    }

    private func loadAlsoCorrect(_ table: TOMLTable, problems: inout [CourseProblem]) -> AlsoCorrectAnswer? {
        var reader = TableReader(table, file: path, context: "also-correct")
        let name = reader.string("name")
        let why = reader.string("why")
        reader.reportUnknownKeys()
        if let name {
            checkName(name, kind: "also-correct", reader: &reader)
            checkFiles(of: "also-correct/\(name)", line: table.line, problems: &problems)
        }
        problems += reader.problems
        guard reader.problems.isEmpty, let name, let why else { return nil }
        return AlsoCorrectAnswer(name: name, why: why, directory: "\(exercise.solutionDirectory)/also-correct/\(name)", line: table.line)
    }

    /// `operator`, `line`, `why`, and `file` unless the exercise has one file of its own.
    private func loadEquivalentMutant(_ table: TOMLTable, problems: inout [CourseProblem]) -> EquivalentMutant? {
        var reader = TableReader(table, file: path, context: "equivalent-mutant")
        let name = reader.string("operator")
        let line = reader.integer("line")
        let file = reader.string("file", required: exercise.files.count != 1)
        let why = reader.string("why")
        reader.reportUnknownKeys()
        var mutation: MutationOperator?
        if let name {
            mutation = MutationOperator(rawValue: name)
            if mutation == nil {
                var message = "unknown mutation operator '\(name)'"
                if let best = Suggestions.closest(to: name, among: MutationOperator.allCases.map(\.rawValue)).first { message += "; did you mean '\(best)'?" }
                reader.problem("operator", message)
            }
        }
        if let line, line.value < 1 { reader.problem("line", "a line of the reference solution counts from 1, found \(line.value)") }
        if let file, !exercise.files.contains(file) {
            reader.problem("file", "'\(file)' is not one of the exercise's `files` (\(exercise.files.joined(separator: ", ")))")
        }
        if exercise.kind == .writeTests {
            reader.problem("equivalent-mutant", "an exercise that asks for tests has written mutants, not generated ones; remove the entry")
        }
        problems += reader.problems
        guard reader.problems.isEmpty, let mutation, let line, let why, let fileName = file ?? exercise.files.first else { return nil }
        return EquivalentMutant(mutation: mutation, file: fileName, line: line.value, why: why, declaredAt: table.line)
    }

    private func checkName(_ name: String, kind: String, reader: inout TableReader) {
        if !CourseLoader.isValidID(name) {
            reader.problem("name", "'\(name)' is not kebab-case: use lower-case letters, digits and single dashes (it names the folder \(kind)/\(name)/)")
        }
    }

    /// An entry is a complete copy of every file the learner edits, and nothing else.
    private func checkFiles(of folder: String, line: Int, problems: inout [CourseProblem]) {
        let directory = exercise.solutionDirectory + "/" + folder
        let present = files.files(in: directory) ?? []
        for name in exercise.files where !present.contains(name) {
            problems.append(
                CourseProblem(
                    file: path, line: line,
                    message: "\(directory)/\(name) is missing; an entry holds a complete copy of every file in the exercise's `files`"))
        }
        for name in present where name.hasSuffix(".swift") && !exercise.files.contains(name) {
            problems.append(
                CourseProblem(
                    file: "\(directory)/\(name)",
                    message: "is not one of the exercise's `files` (\(exercise.files.joined(separator: ", "))), so it would never be compiled"))
        }
    }

    private func duplicates(_ tables: [TOMLTable], kind: String) -> (problems: [CourseProblem], names: Set<String>) {
        var seen: [String: Int] = [:]
        var problems: [CourseProblem] = []
        var names: Set<String> = []
        for table in tables {
            guard let entry = table["name"], let name = entry.value.stringValue else { continue }
            let line = entry.line
            if let first = seen[name] {
                problems.append(
                    CourseProblem(file: path, line: line, key: "\(kind).name", message: "'\(name)' is already the name of the entry at line \(first)"))
                names.insert(name)
            } else {
                seen[name] = line
            }
        }
        return (problems, names)
    }

    /// A folder under `wrong/` with no entry is a fix nobody checks.
    private func undeclaredFolders(_ kind: String, declared: [TOMLTable]) -> [CourseProblem] {
        let names = Set(declared.compactMap { $0["name"]?.value.stringValue })
        let folders = files.directories(in: "\(exercise.solutionDirectory)/\(kind)") ?? []
        return folders.filter { !$0.hasPrefix(".") && !names.contains($0) }.map { folder in
            CourseProblem(
                file: "\(exercise.solutionDirectory)/\(kind)/\(folder)", message: "has no [[\(kind)]] entry with name = \"\(folder)\" in \(Corpus.fileName)")
        }
    }

    static let keyHelp = [
        "tests": "the tests that must fail, e.g. [\"loadsTheFeed()\"]",
        "construct": "the id of the forbidden construct that must be found",
        "diagnostic": "a group, internal id or piece of the message of the expected error",
    ]
}

/// The test functions an exercise declares, read cheaply from its test files' tokens.
struct DeclaredTests {
    private var functions: Set<String> = []
    private var texts: [String] = []

    init(files: any CourseFileSource, paths: [String]) {
        for path in paths {
            guard case .text(let text) = files.read(path) else { continue }
            texts.append(text)
            let tokens = SwiftTokenizer.codeTokens(in: text)
            for (index, token) in tokens.enumerated().dropLast() where token.kind == .identifier && token.text == "func" {
                functions.insert(tokens[index + 1].text)
            }
        }
    }

    /// True when `name` (`loads()`, `loads(count:)`, or a `@Test("…")` display name) is declared,
    /// or when no test file could be read: then nothing can be told.
    func declares(_ name: String) -> Bool {
        guard !texts.isEmpty else { return true }
        let base = name.split(separator: "(", maxSplits: 1).first.map(String.init) ?? name
        return functions.contains(base) || texts.contains { $0.contains("\"\(name)\"") }
    }
}
