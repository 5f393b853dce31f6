/// Loading the parts of `exercise.toml` that only an exercise of kind `write-tests` has: the
/// learner's test files in `Tests/`, the implementation under test in `Sources/`, and the
/// mutants in `Exercises/.mutants/<id>/`.
extension ExerciseLoader {
    func loadKind(_ name: String?, line: Int?, hasMutants: Bool, problems: inout [CourseProblem]) -> Exercise.Kind {
        guard let name else {
            if hasMutants {
                problems.append(
                    CourseProblem(
                        file: definitionPath, key: "mutant",
                        message: "only an exercise with `kind = \"write-tests\"` has mutants; add that line above [settings], or remove the [[mutant]] tables"))
            }
            return .fixCode
        }
        guard let kind = Exercise.Kind(rawValue: name) else {
            problems.append(
                CourseProblem(
                    file: definitionPath, line: line, key: "kind",
                    message: "must be \"fix-code\" (the default) or \"write-tests\", found \"\(name)\""))
            return .fixCode
        }
        return kind
    }

    /// The learner's files are test files of `Tests/`; every file of `Sources/` is the
    /// implementation under test, so it is protected. Returns the protected test files.
    func checkWriteTestsFiles(
        _ names: [String], protected: [String], lines: (files: Int?, protected: Int?), problems: inout [CourseProblem]
    ) -> [String] {
        let tests = (files.files(in: directory + "/Tests") ?? []).filter { $0.hasSuffix(".swift") }
        guard strict else { return tests.filter { !names.contains($0) } }
        let sources = (files.files(in: directory + "/Sources") ?? []).filter { $0.hasSuffix(".swift") }
        for name in names where !tests.contains(name) {
            problems.append(
                CourseProblem(
                    file: definitionPath, line: lines.files, key: "files",
                    message: "'\(name)' is not in \(directory)/Tests/; in a write-tests exercise, `files` are the tests the learner writes"))
        }
        for name in protected where !sources.contains(name) {
            problems.append(
                CourseProblem(file: definitionPath, line: lines.protected, key: "protected", message: "'\(name)' is not in \(directory)/Sources/"))
        }
        for name in sources where !protected.contains(name) {
            problems.append(
                CourseProblem(
                    file: definitionPath, line: lines.protected, key: "protected",
                    message: "\(directory)/Sources/\(name) is not listed; in a write-tests exercise, every file of Sources/ is the "
                        + "implementation under test: list it in `protected`"))
        }
        if sources.isEmpty {
            problems.append(
                CourseProblem(file: directory + "/Sources", message: "no implementation to test; a write-tests exercise needs the code under test in Sources/"))
        }
        let solutions = files.files(in: solutionDirectory) ?? []
        for name in names where !solutions.contains(name) {
            problems.append(CourseProblem(file: "\(solutionDirectory)/\(name)", message: "the reference tests '\(name)' are missing"))
        }
        return tests.filter { !names.contains($0) }
    }

    /// `[[mutant]]` tables: a name and a description each, and a folder with a copy of every
    /// protected file.
    func loadMutants(_ tables: [TOMLTable], protected: [String], line: Int?, problems: inout [CourseProblem]) -> [Exercise.Mutant] {
        var mutants: [Exercise.Mutant] = []
        for table in tables {
            var reader = TableReader(table, file: definitionPath, context: "mutant")
            let name = reader.string("name")
            let description = reader.string("description")
            reader.reportUnknownKeys()
            if let name, !CourseLoader.isValidID(name) {
                reader.problem("name", "'\(name)' is not kebab-case: use lower-case letters, digits and single dashes (it names a folder)")
            }
            if let name, mutants.contains(where: { $0.name == name }) {
                reader.problem("name", "'\(name)' names two mutants; give each its own name and folder")
            }
            problems += reader.problems
            guard reader.problems.isEmpty, let name, let description else { continue }
            let mutant = Exercise.Mutant(name: name, description: description)
            if strict {
                problems += checkMutantFolder(mutant, protected: protected, line: table.line)
            }
            mutants.append(mutant)
        }
        if tables.isEmpty {
            problems.append(
                CourseProblem(
                    file: definitionPath, line: line, key: "mutant",
                    message: "a write-tests exercise needs at least one [[mutant]]: a broken implementation the learner's tests must catch"))
        }
        return mutants
    }

    private func checkMutantFolder(_ mutant: Exercise.Mutant, protected: [String], line: Int) -> [CourseProblem] {
        let folder = "\(Exercise.mutantsRoot)/\(id)/\(mutant.name)"
        let present = (files.files(in: folder) ?? []).filter { $0.hasSuffix(".swift") }
        var problems: [CourseProblem] = []
        for name in protected where !present.contains(name) {
            problems.append(
                CourseProblem(
                    file: definitionPath, line: line, key: "mutant",
                    message: "mutant '\(mutant.name)' has no \(folder)/\(name); a mutant is a complete copy of every protected file, with one thing broken"))
        }
        for name in present where !protected.contains(name) {
            problems.append(
                CourseProblem(
                    file: "\(folder)/\(name)",
                    message: "is not one of the exercise's protected files (\(protected.joined(separator: ", "))), so it would never be compiled"))
        }
        return problems
    }
}
