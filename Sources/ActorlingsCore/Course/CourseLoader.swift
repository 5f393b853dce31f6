/// Loads `Exercises/course.toml` and every `exercise.toml`, and validates them against the
/// files on disk.
///
/// The loader collects every problem before failing, because an author who fixes one error per
/// run gives up; each problem names the file, the line and key, and what to do.
public struct CourseLoader: Sendable {
    public static let coursePath = "Exercises/course.toml"

    let files: any CourseFileSource
    /// Authoring checks (every learner file present and listed, tests present). Off for the
    /// learner's commands: a deleted or renamed exercise file must give a verdict that says how
    /// to restore it, not stop every command.
    let strict: Bool

    public init(files: any CourseFileSource, strict: Bool = true) {
        self.files = files
        self.strict = strict
    }

    public func load() throws -> Course {
        var problems: [CourseProblem] = []
        guard let root = parse(Self.coursePath, problems: &problems) else {
            throw CourseLoadError(problems: problems)
        }
        var reader = TableReader(root, file: Self.coursePath)
        let format = reader.integer("format")
        if let format, format.value > Course.supportedFormat {
            throw NewerCourseFormatError(file: Self.coursePath, found: format.value, supported: Course.supportedFormat)
        }
        if let format, format.value < 1 {
            reader.problem("format", "must be 1")
        }
        let title = reader.string("title")
        let version = reader.string("version")
        var minimumSwift = ToolchainVersion([6, 2])
        if let text = reader.string("minimum-swift") {
            if let parsed = ToolchainVersion(parsing: text) {
                minimumSwift = parsed
            } else {
                reader.problem("minimum-swift", "expected a version such as \"6.2\", found \"\(text)\"")
            }
        }
        let defaultForbidden = reader.strings("forbid", required: false) ?? []
        let constructTables = reader.tables("construct", required: false) ?? []
        let stepTables = reader.tables("step") ?? []
        reader.reportUnknownKeys()
        problems += reader.problems

        let constructs = Self.loadConstructs(constructTables, file: Self.coursePath, problems: &problems)
        let constructIDs = Set(constructs.map(\.id))
        for id in defaultForbidden where !constructIDs.contains(id) {
            problems.append(Self.unknownConstruct(id, file: Self.coursePath, line: root["forbid"]?.line, key: "forbid", known: constructIDs))
        }

        var steps: [Step] = []
        var seenExercises: [String: String] = [:]
        // Folder name → ids listed in course.toml, kept even for exercises that failed to load,
        // so a broken exercise is not also reported as unlisted.
        var listed: [String: Set<String>] = [:]
        var broken: [BrokenExercise] = []
        for (index, table) in stepTables.enumerated() {
            if let step = loadStep(
                table, index: index, defaultForbidden: defaultForbidden, constructIDs: constructIDs,
                seenExercises: &seenExercises, problems: &problems, broken: &broken)
            {
                steps.append(step)
                if case .array(let ids) = table["exercises"]?.value {
                    listed[step.directoryName] = Set(ids.compactMap { if case .string(let id) = $0 { id } else { nil } })
                }
            }
        }
        problems += strayFolders(steps: steps, listed: listed)
        problems += supportNameClashes(steps: steps)

        let pacing = loadPacing(stepCount: steps.count, problems: &problems)
        guard problems.isEmpty, let title, let version else {
            throw CourseLoadError(problems: problems)
        }
        var course = Course(
            format: format?.value ?? 1, title: title, version: version, minimumSwift: minimumSwift,
            constructs: constructs, steps: steps)
        course.pacing = pacing
        course.brokenExercises = broken
        return course
    }

    // MARK: - Pieces

    /// `Exercises/classroom.toml` is optional: an instructor adds it to pace a workshop.
    private func loadPacing(stepCount: Int, problems: inout [CourseProblem]) -> Pacing? {
        guard case .text = files.read(Pacing.path) else { return nil }
        var localProblems: [CourseProblem] = []
        guard let table = parse(Pacing.path, problems: &localProblems) else {
            problems += localProblems
            return nil
        }
        var reader = TableReader(table, file: Pacing.path)
        let until = reader.integer("until")
        let message = reader.string("message", required: false)
        reader.reportUnknownKeys()
        if let until, !(0..<max(1, stepCount)).contains(until.value) {
            reader.problem("until", "must be a step number from 0 to \(stepCount - 1), found \(until.value)")
        }
        problems += reader.problems
        guard reader.problems.isEmpty, let until else { return nil }
        return Pacing(until: until.value, message: message ?? "That's all for now: the next part opens when your instructor says so. Well done!")
    }

    private func parse(_ path: String, problems: inout [CourseProblem]) -> TOMLTable? {
        files.table(at: path, ifMissing: "file not found; is this an Actorlings checkout?", problems: &problems)
    }

    /// `[[construct]]` tables, of `course.toml` or of an exercise's own `exercise.toml`.
    static func loadConstructs(_ tables: [TOMLTable], file: String, problems: inout [CourseProblem]) -> [Construct] {
        var constructs: [Construct] = []
        for table in tables {
            var reader = TableReader(table, file: file, context: "construct")
            let id = reader.string("id")
            let name = reader.string("name", required: false)
            let syntax = reader.string("syntax", required: false)
            let references = reader.strings("references", required: false)
            let imports = reader.strings("imports", required: false)
            let declarations = reader.strings("declares", required: false)
            let kinds = Self.loadKinds(table, reader: &reader)
            let why = reader.string("why")
            let instead = reader.string("instead")
            if reader.string("pattern", required: false) != nil {
                reader.problem(
                    "pattern",
                    "`pattern` was replaced: use `syntax` for attributes and modifiers (\"@unchecked\", \"nonisolated(unsafe)\") or `references` for names the compiler resolves (\"Dispatch.DispatchQueue\"); see Documentation/CourseFormat.md"
                )
            }
            reader.reportUnknownKeys()
            var matchers: [Construct.Matcher] = []
            if let syntax { matchers.append(.syntax(syntax)) }
            if let references, !references.isEmpty { matchers.append(.references(references)) }
            if let imports, !imports.isEmpty { matchers.append(.imports(imports)) }
            if let declarations, !declarations.isEmpty { matchers.append(.declarations(declarations)) }
            matchers += kinds
            if matchers.isEmpty, table["pattern"] == nil, table["kind"] == nil {
                reader.problem(
                    nil, line: table["id"]?.line, "says nothing to match: give `kind`, `syntax`, `references`, `imports` or `declares`")
            }
            problems += reader.problems
            guard let id, let why, let instead, !matchers.isEmpty else { continue }
            if constructs.contains(where: { $0.id == id }) {
                problems.append(CourseProblem(file: file, line: table["id"]?.line, key: "construct.id", message: "'\(id)' is defined twice"))
                continue
            }
            let kindName: String? = kinds.lazy.compactMap { if case .kind(let kind, _) = $0 { kind.displayName } else { nil } }.first
            let shown = name ?? kindName ?? syntax ?? references?.first ?? imports?.first ?? declarations?.first ?? id
            constructs.append(Construct(id: id, name: shown, matchers: matchers, why: why, instead: instead))
        }
        return constructs
    }

    private func loadStep(
        _ table: TOMLTable, index: Int, defaultForbidden: [String], constructIDs: Set<String>,
        seenExercises: inout [String: String], problems: inout [CourseProblem], broken: inout [BrokenExercise]
    ) -> Step? {
        var reader = TableReader(table, file: Self.coursePath, context: "step")
        let number = reader.integer("number")
        let id = reader.string("id")
        let title = reader.string("title")
        let exerciseIDs = reader.strings("exercises") ?? []
        reader.reportUnknownKeys()
        if let number, number.value != index {
            reader.problem("number", "steps are numbered from 0 in order: expected \(index), found \(number.value)")
        }
        if let id, !Self.isValidID(id) {
            reader.problem("id", "'\(id)' is not a valid id: use lower-case letters, digits and single dashes")
        }
        problems += reader.problems
        guard let id, let title, Self.isValidID(id) else { return nil }

        var step = Step(number: index, id: id, title: title, exercises: [])
        switch files.read(step.lessonPath) {
        case .missing:
            problems.append(
                CourseProblem(
                    file: Self.coursePath, line: table.line, key: "step.id",
                    message: "the lesson \(step.lessonPath) does not exist; create it (its name follows the step's number and id)"))
        case .unreadable(let reason):
            problems.append(CourseProblem(file: step.lessonPath, message: "cannot be read: \(reason)"))
        case .text:
            break
        }
        let lessonHeadings = lessonSlugs(step.lessonPath)
        for exerciseID in exerciseIDs {
            let line = table["exercises"]?.line
            guard Self.isValidID(exerciseID) else {
                problems.append(
                    CourseProblem(
                        file: Self.coursePath, line: line, key: "step.exercises",
                        message: "'\(exerciseID)' is not a valid exercise id: use lower-case letters, digits and single dashes"))
                continue
            }
            if let other = seenExercises[exerciseID] {
                problems.append(
                    CourseProblem(
                        file: Self.coursePath, line: line, key: "step.exercises",
                        message: "'\(exerciseID)' is listed twice (also in step '\(other)'); exercise ids must be unique"))
                continue
            }
            seenExercises[exerciseID] = id
            let loader = ExerciseLoader(
                files: files, id: exerciseID, step: step, defaultForbidden: defaultForbidden,
                constructIDs: constructIDs, lessonSlugs: lessonHeadings, strict: strict)
            var exerciseProblems: [CourseProblem] = []
            if let exercise = loader.load(problems: &exerciseProblems), exerciseProblems.isEmpty {
                step.exercises.append(exercise)
            } else if !strict, !exerciseProblems.isEmpty {
                // A learner's command: this exercise alone is a course error; the rest still work.
                broken.append(
                    BrokenExercise(
                        id: exerciseID, stepNumber: index, directory: "Exercises/\(step.directoryName)/\(exerciseID)", problems: exerciseProblems))
                continue
            }
            problems += exerciseProblems
        }
        return step
    }

    private func lessonSlugs(_ path: String) -> Set<String>? {
        guard case .text(let text) = files.read(path) else { return nil }
        return Set(MarkdownDocument(parsing: text).headings.map(\.slug))
    }

    /// A support module named like an exercise's module would make two modules of one name in a
    /// test binary and in the editor's package.
    private func supportNameClashes(steps: [Step]) -> [CourseProblem] {
        let exercises = steps.flatMap(\.exercises)
        let moduleNames = Dictionary(exercises.map { ($0.moduleName, $0.id) }, uniquingKeysWith: { first, _ in first })
        var problems: [CourseProblem] = []
        for exercise in exercises {
            for module in exercise.supportModules {
                guard let other = moduleNames[module.name] else { continue }
                problems.append(
                    CourseProblem(
                        file: exercise.directory + "/exercise.toml", key: "support",
                        message: "support module '\(module.name)' has the module name of exercise '\(other)'; rename its folder in \(SupportModule.folder)/"))
            }
        }
        return problems
    }

    /// Exercise folders that no step lists are almost always a forgotten `exercises` entry.
    private func strayFolders(steps: [Step], listed: [String: Set<String>]) -> [CourseProblem] {
        var problems: [CourseProblem] = []
        let stepFolders = Dictionary(uniqueKeysWithValues: steps.map { ($0.directoryName, $0) })
        // `Support/` holds course code the exercises' tests import (`support` in exercise.toml).
        for folder in files.directories(in: "Exercises") ?? [] where !folder.hasPrefix(".") && folder != "Support" {
            guard let step = stepFolders[folder] else {
                problems.append(
                    CourseProblem(file: "Exercises/\(folder)", message: "this folder belongs to no step of course.toml; add the step or rename the folder"))
                continue
            }
            let ids = listed[folder] ?? []
            for exercise in files.directories(in: "Exercises/\(folder)") ?? [] where !exercise.hasPrefix(".") && !ids.contains(exercise) {
                problems.append(
                    CourseProblem(
                        file: "Exercises/\(folder)/\(exercise)", message: "this exercise is not listed in step \(step.number)'s `exercises` in course.toml"))
            }
        }
        return problems
    }

    static func unknownConstruct(_ id: String, file: String, line: Int?, key: String, known: Set<String>) -> CourseProblem {
        var message = "unknown construct '\(id)'"
        if let best = Suggestions.closest(to: id, among: Array(known)).first {
            message += "; did you mean '\(best)'?"
        } else {
            message += "; define it with a [[construct]] table in course.toml"
        }
        return CourseProblem(file: file, line: line, key: key, message: message)
    }

    static func isValidID(_ id: String) -> Bool {
        guard !id.isEmpty, !id.hasPrefix("-"), !id.hasSuffix("-"), !id.contains("--") else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

extension CourseFileSource {
    /// The TOML file at `path`, parsed; nil with a problem recorded (`ifMissing` when there is no
    /// such file, else why it can't be read or where it does not parse).
    func table(at path: String, ifMissing: String, problems: inout [CourseProblem]) -> TOMLTable? {
        switch read(path) {
        case .missing:
            problems.append(CourseProblem(file: path, message: ifMissing))
            return nil
        case .unreadable(let reason):
            problems.append(CourseProblem(file: path, message: "cannot be read: \(reason)"))
            return nil
        case .text(let text):
            do {
                return try TOMLParser.parse(text)
            } catch {
                problems.append(CourseProblem(file: path, line: error.line, message: error.message))
                return nil
            }
        }
    }
}
