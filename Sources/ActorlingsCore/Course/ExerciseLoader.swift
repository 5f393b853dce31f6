/// Loads and validates one `exercise.toml` against its folder, its solution and its lesson.
struct ExerciseLoader {
    let files: any CourseFileSource
    let id: String
    let step: Step
    let defaultForbidden: [String]
    let constructIDs: Set<String>
    /// Nil when the lesson could not be read (already reported by the course loader).
    let lessonSlugs: Set<String>?
    let strict: Bool

    static let defaultTimeLimit = 10
    /// Seconds one compiler run may take: an exercise compiles in one or two, so past this the
    /// type checker is stuck (or the file is far too large), not slow.
    static let defaultCompileTimeLimit = 180
    static let maximumCompileTimeLimit = 600
    static let maximumTimeLimit = 600

    var directory: String { "Exercises/\(step.directoryName)/\(id)" }
    var solutionDirectory: String { "Solutions/\(step.directoryName)/\(id)" }
    var definitionPath: String { directory + "/exercise.toml" }
    var guidancePath: String { ExerciseGuidance.path(stepDirectory: step.directoryName, id: id) }

    func load(problems: inout [CourseProblem]) -> Exercise? {
        let table: TOMLTable
        switch files.read(definitionPath) {
        case .missing:
            problems.append(
                CourseProblem(
                    file: CourseLoader.coursePath, key: "step.exercises",
                    message: "exercise '\(id)' has no \(definitionPath); create the folder with exercise.toml, Sources/ and Tests/"))
            return nil
        case .unreadable(let reason):
            problems.append(CourseProblem(file: definitionPath, message: "cannot be read: \(reason)"))
            return nil
        case .text(let text):
            do {
                table = try TOMLParser.parse(text)
            } catch {
                problems.append(CourseProblem(file: definitionPath, line: error.line, message: error.message))
                return nil
            }
        }

        var reader = TableReader(table, file: definitionPath)
        let title = reader.string("title")
        let section = reader.string("section")
        let fileNames = reader.strings("files") ?? []
        let protectedNames = reader.strings("protected", required: false) ?? []
        let timeLimit = reader.integer("time-limit", required: false)
        let compileTimeLimit = reader.integer("compile-time-limit", required: false)
        let points = reader.integer("points", required: false)
        let forbid = reader.strings("forbid", required: false) ?? []
        let allow = reader.strings("allow", required: false) ?? []
        let allowWhileShipped = reader.strings("allow-while-shipped", required: false) ?? []
        let isQuiz = reader.boolean("quiz", required: false) ?? false
        let supportNames = reader.strings("support", required: false) ?? []
        let oldGuidance = ["hints", "after"].filter { table[$0] != nil }
        oldGuidance.forEach { reader.accept($0) }
        let localTables = reader.tables("construct", required: false) ?? []
        let kindName = reader.string("kind", required: false)
        let mutantTables = reader.tables("mutant", required: false) ?? []
        let onlyInTable = reader.table("only-in", required: false)
        let settingsTable = reader.table("settings")
        let expectTable = reader.table("expect")
        reader.reportUnknownKeys(hint: "keys written after a [table] header belong to that table; move it above [settings]")

        if let timeLimit, !(1...Self.maximumTimeLimit).contains(timeLimit.value) {
            reader.problem("time-limit", "must be between 1 and \(Self.maximumTimeLimit) seconds, found \(timeLimit.value)")
        }
        if let compileTimeLimit, !(1...Self.maximumCompileTimeLimit).contains(compileTimeLimit.value) {
            reader.problem(
                "compile-time-limit", "must be between 1 and \(Self.maximumCompileTimeLimit) seconds, found \(compileTimeLimit.value)")
        }
        if let points, points.value < 0 {
            reader.problem("points", "must not be negative")
        }
        for key in oldGuidance {
            // Hints in the exercise's folder can be read by accident while the learner edits it.
            reader.problem(
                key,
                "hints and the after-pass note no longer live in exercise.toml, which sits in the folder the learner edits; "
                    + "move them to \(guidancePath) as `\(key == "hints" ? "ladder" : "after") = …` (see Documentation/CourseFormat.md)")
        }
        let local = CourseLoader.loadConstructs(localTables, file: definitionPath, problems: &problems)
        for construct in local where constructIDs.contains(construct.id) {
            problems.append(
                CourseProblem(
                    file: definitionPath, key: "construct.id",
                    message: "'\(construct.id)' is already a construct of the course; give this one another id"))
        }
        let known = constructIDs.union(local.map(\.id))
        let onlyIn = onlyInTable.map { loadOnlyIn($0, known: known, files: fileNames, problems: &problems) } ?? [:]
        for construct in forbid + allow + allowWhileShipped where !known.contains(construct) {
            let key = forbid.contains(construct) ? "forbid" : allow.contains(construct) ? "allow" : "allow-while-shipped"
            problems.append(
                CourseLoader.unknownConstruct(
                    construct, file: definitionPath, line: table[key]?.line, key: key, known: constructIDs))
        }
        if let section, let lessonSlugs, !lessonSlugs.contains(section) {
            var message = "the lesson \(step.lessonPath) has no heading with slug '\(section)'"
            if let best = Suggestions.closest(to: section, among: Array(lessonSlugs)).first {
                message += "; did you mean '\(best)'?"
            }
            reader.problem("section", message)
        }
        problems += reader.problems

        let settings = settingsTable.flatMap { loadSettings($0, problems: &problems) }
        let expected = expectTable.flatMap { loadExpectation($0, problems: &problems) }
        for name in protectedNames where fileNames.contains(name) {
            problems.append(
                CourseProblem(
                    file: definitionPath, line: table["protected"]?.line, key: "protected",
                    message: "'\(name)' is also in `files`: a file is either the learner's to edit or protected, not both"))
        }
        let kind = loadKind(kindName, line: table["kind"]?.line, hasMutants: !mutantTables.isEmpty, problems: &problems)
        let lines = (files: table["files"]?.line, protected: table["protected"]?.line)
        let testFiles =
            kind == .writeTests
            ? checkWriteTestsFiles(fileNames, protected: protectedNames, lines: lines, problems: &problems)
            : checkFiles(fileNames, protected: protectedNames, lines: lines, problems: &problems)

        let mutants = kind == .writeTests ? loadMutants(mutantTables, protected: protectedNames, line: table.line, problems: &problems) : []
        let guidance = GuidanceLoader(
            files: files, path: guidancePath, testPaths: testFiles.map { directory + "/Tests/" + $0 }, mutants: mutants.map(\.resultName)
        )
        .load(problems: &problems)
        guard let title, let section, let guidance, let settings, let expected, !fileNames.isEmpty else {
            if table["files"] != nil, fileNames.isEmpty {
                let folder = kind == .writeTests ? "Tests/" : "Sources/"
                problems.append(CourseProblem(file: definitionPath, line: table["files"]?.line, key: "files", message: "list at least one file of \(folder)"))
            }
            return nil
        }
        var forbidden = defaultForbidden.filter { !allow.contains($0) }
        for construct in forbid + local.map(\.id) + onlyIn.keys.sorted() + allowWhileShipped where !forbidden.contains(construct) {
            forbidden.append(construct)
        }
        var exercise = Exercise(
            id: id, title: title, stepNumber: step.number, section: section, files: fileNames,
            testFiles: testFiles, settings: settings, expectedFailure: expected, forbidden: forbidden,
            hints: guidance.ladder, afterPass: guidance.afterPass,
            timeLimit: .seconds(timeLimit?.value ?? Self.defaultTimeLimit), points: points?.value ?? 1,
            directory: directory, solutionDirectory: solutionDirectory, protectedFiles: protectedNames)
        exercise.constructs = local
        exercise.verdictHints = guidance.verdictHints
        exercise.kind = kind
        exercise.mutants = mutants
        exercise.onlyIn = onlyIn
        exercise.allowedWhileShipped = allowWhileShipped
        exercise.isQuiz = isQuiz
        exercise.supportModules = loadSupport(supportNames, line: table["support"]?.line, problems: &problems)
        exercise.compileTimeLimit = .seconds(compileTimeLimit?.value ?? Self.defaultCompileTimeLimit)
        return exercise
    }

    /// `support`: each name a folder of `Exercises/Support/` holding the module's Swift files.
    private func loadSupport(_ names: [String], line: Int?, problems: inout [CourseProblem]) -> [SupportModule] {
        var modules: [SupportModule] = []
        for name in names {
            let startsWell = name.first.map { $0.isLetter || $0 == "_" } ?? false
            guard startsWell, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                problems.append(
                    CourseProblem(
                        file: definitionPath, line: line, key: "support",
                        message: "'\(name)' is not a module name: use the name of a folder of \(SupportModule.folder)/, such as InterleavingHarness"))
                continue
            }
            let folder = "\(SupportModule.folder)/\(name)"
            let swiftFiles = (files.files(in: folder) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            guard !swiftFiles.isEmpty else {
                problems.append(
                    CourseProblem(
                        file: definitionPath, line: line, key: "support",
                        message: "there is no support module '\(name)': \(folder)/ holds no Swift file; add it or remove '\(name)' from `support`"))
                continue
            }
            if modules.contains(where: { $0.name == name }) { continue }
            modules.append(SupportModule(name: name, files: swiftFiles.map { "\(folder)/\($0)" }))
        }
        return modules
    }

    /// `[only-in]`: each key a construct, each value the learner's files where it stays allowed.
    private func loadOnlyIn(_ table: TOMLTable, known: Set<String>, files: [String], problems: inout [CourseProblem]) -> [String: [String]] {
        var reader = TableReader(table, file: definitionPath, context: "only-in")
        var result: [String: [String]] = [:]
        for key in table.keys.sorted() {
            guard let names = reader.strings(key) else { continue }
            if !known.contains(key) {
                problems.append(CourseLoader.unknownConstruct(key, file: definitionPath, line: table[key]?.line, key: "only-in", known: known))
                continue
            }
            for name in names where !files.contains(name) {
                reader.problem(key, "'\(name)' is not one of the exercise's `files`")
            }
            result[key] = names
        }
        problems += reader.problems
        return result
    }

    /// Checks that the listed files, the protected ones, the tests and the solution exist;
    /// returns the test files.
    private func checkFiles(
        _ names: [String], protected: [String], lines: (files: Int?, protected: Int?), problems: inout [CourseProblem]
    ) -> [String] {
        let tests = (files.files(in: directory + "/Tests") ?? []).filter { $0.hasSuffix(".swift") }
        guard strict else { return tests }
        let sources = (files.files(in: directory + "/Sources") ?? []).filter { $0.hasSuffix(".swift") }
        for name in names where !sources.contains(name) {
            problems.append(CourseProblem(file: definitionPath, line: lines.files, key: "files", message: "'\(name)' is not in \(directory)/Sources/"))
        }
        for name in protected where !sources.contains(name) {
            problems.append(
                CourseProblem(file: definitionPath, line: lines.protected, key: "protected", message: "'\(name)' is not in \(directory)/Sources/"))
        }
        for name in sources where !names.contains(name) && !protected.contains(name) {
            problems.append(
                CourseProblem(
                    file: definitionPath, line: lines.files, key: "files",
                    message: "\(directory)/Sources/\(name) is not listed; list every file the learner edits in `files`, "
                        + "and a file they must not change in `protected`"))
        }
        let solutions = files.files(in: solutionDirectory) ?? []
        for name in names where !solutions.contains(name) {
            problems.append(CourseProblem(file: "\(solutionDirectory)/\(name)", message: "the reference solution of '\(name)' is missing"))
        }
        if tests.isEmpty {
            problems.append(CourseProblem(file: directory + "/Tests", message: "no Swift Testing tests; every exercise needs at least one test file"))
        }
        return tests
    }

    private func loadSettings(_ table: TOMLTable, problems: inout [CourseProblem]) -> CompilerSettings? {
        var reader = TableReader(table, file: definitionPath, context: "settings")
        var settings = CompilerSettings()
        if let version = reader.integer("swift-version", required: false) {
            if let mode = CompilerSettings.LanguageMode(rawValue: version.value) {
                settings.languageMode = mode
            } else {
                reader.problem("swift-version", "must be 5 or 6, found \(version.value)")
            }
        }
        if let isolation = reader.string("default-isolation", required: false) {
            if let value = CompilerSettings.DefaultIsolation(rawValue: isolation) {
                settings.defaultIsolation = value
            } else {
                reader.problem("default-isolation", "must be \"MainActor\" or \"nonisolated\" (case-sensitive), found \"\(isolation)\"")
            }
        }
        for feature in reader.strings("upcoming-features", required: false) ?? [] {
            if CompilerSettings.knownUpcomingFeatures.contains(feature) {
                settings.upcomingFeatures.append(feature)
            } else {
                var message = "unknown upcoming feature '\(feature)' (the compiler would silently ignore it)"
                if let best = Suggestions.closest(to: feature, among: Array(CompilerSettings.knownUpcomingFeatures)).first {
                    message += "; did you mean '\(best)'?"
                }
                reader.problem("upcoming-features", message)
            }
        }
        if let strict = reader.string("strict-concurrency", required: false) {
            if let value = CompilerSettings.StrictConcurrency(rawValue: strict) {
                settings.strictConcurrency = value
                if settings.languageMode != .swift5 {
                    reader.problem("strict-concurrency", "only applies with swift-version = 5; Swift 6 mode always checks completely")
                }
            } else {
                reader.problem("strict-concurrency", "must be \"minimal\", \"targeted\" or \"complete\", found \"\(strict)\"")
            }
        }
        if let both = reader.boolean("also-check-swift-6", required: false) {
            settings.alsoCheckSwift6 = both
            if both, settings.languageMode != .swift5 {
                reader.problem("also-check-swift-6", "only applies with swift-version = 5 (a migration exercise)")
            }
        }
        if let sanitizer = reader.string("sanitizer", required: false) {
            if let value = CompilerSettings.Sanitizer(rawValue: sanitizer) {
                settings.sanitizer = value
            } else {
                reader.problem("sanitizer", "the only sanitizer is \"thread\", found \"\(sanitizer)\"")
            }
        }
        if let text = reader.string("minimum-macos", required: false) {
            if let version = MacOSVersion(parsing: text) {
                settings.minimumMacOS = version
                if version <= MacOSVersion.courseFloor {
                    reader.problem(
                        "minimum-macos",
                        "every exercise already runs on \(MacOSVersion.courseFloor.name), the course's floor; remove the key, or name a newer macOS that the exercise's code needs"
                    )
                }
            } else {
                reader.problem("minimum-macos", "must be a macOS version such as \"26\" or \"15.4\", found \"\(text)\"")
            }
        }
        reader.reportUnknownKeys()
        problems += reader.problems
        return reader.problems.isEmpty ? settings : nil
    }

    private func loadExpectation(_ table: TOMLTable, problems: inout [CourseProblem]) -> ExpectedFailure? {
        var reader = TableReader(table, file: definitionPath, context: "expect")
        let diagnostic = reader.string("diagnostic", required: false)
        let message = reader.string("message", required: false)
        let tests = reader.strings("tests", required: false)
        reader.reportUnknownKeys()
        defer { problems += reader.problems }
        switch (diagnostic != nil || message != nil, tests) {
        case (true, nil):
            if let diagnostic, diagnostic.hasPrefix("#") {
                reader.problem("diagnostic", "write the group without '#': \"\(diagnostic.dropFirst())\"")
                return nil
            }
            return .compile(diagnostic: diagnostic, message: message)
        case (false, let tests?):
            if tests.isEmpty {
                reader.problem("tests", "name at least one test that fails as shipped")
                return nil
            }
            return .tests(tests)
        case (true, _?):
            reader.problem(nil, line: table.line, "give either a compile failure (diagnostic/message) or failing tests, not both")
            return nil
        case (false, nil):
            reader.problem(nil, line: table.line, "say why the shipped exercise fails: `diagnostic = \"Group\"`, `message = \"…\"`, or `tests = [\"name()\"]`")
            return nil
        }
    }
}
