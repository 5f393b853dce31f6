/// Loads `Lessons/Explanations/*.toml`, reporting each problem with its file, line and key.
public struct ExplanationLoader: Sendable {
    let files: any CourseFileSource

    public init(files: any CourseFileSource) {
        self.files = files
    }

    public func load() throws -> KnowledgeBase {
        var entries: [Explanation] = []
        var problems: [CourseProblem] = []
        for name in (files.files(in: KnowledgeBase.directory) ?? []).sorted() where name.hasSuffix(".toml") {
            let path = "\(KnowledgeBase.directory)/\(name)"
            guard case .text(let text) = files.read(path) else {
                problems.append(CourseProblem(file: path, message: "cannot be read"))
                continue
            }
            let table: TOMLTable
            do {
                table = try TOMLParser.parse(text)
            } catch {
                problems.append(CourseProblem(file: path, line: error.line, message: error.message))
                continue
            }
            var reader = TableReader(table, file: path)
            let title = reader.string("title")
            let summary = reader.string("summary")
            let groups = reader.strings("groups", required: false) ?? []
            let ids = reader.strings("ids", required: false) ?? []
            let patterns = reader.strings("patterns", required: false) ?? []
            let meaning = reader.string("meaning")
            let fixes = reader.strings("fixes") ?? []
            let wrongFix = reader.string("wrong-fix")
            let lesson = reader.string("lesson", required: false)
            let exercises = reader.strings("exercises", required: false) ?? []
            let runtime = reader.boolean("runtime", required: false) ?? false
            var examples: [Explanation.Example] = []
            for table in reader.tables("example", required: false) ?? [] {
                var example = TableReader(table, file: path)
                let fence = example.string("fence")
                let code = example.string("code")
                example.reportUnknownKeys(hint: "an [[example]] has `fence` and `code`")
                problems += example.problems
                if let fence, let code { examples.append(Explanation.Example(fence: fence, code: code)) }
            }
            var shapes: [Explanation.ShapeAdvice] = []
            for table in reader.tables("shape", required: false) ?? [] {
                var advice = TableReader(table, file: path)
                let when = advice.string("when")
                let premise = advice.string("premise")
                let shapeFixes = advice.strings("fixes") ?? []
                advice.reportUnknownKeys(hint: "a [[shape]] has `when`, `premise` and `fixes`")
                problems += advice.problems
                guard let when, let premise else { continue }
                guard let shape = CodeShape(rawValue: when) else {
                    problems.append(
                        CourseProblem(
                            file: path, key: "shape",
                            message: "unknown shape '\(when)'; one of \(CodeShape.allCases.map(\.rawValue).joined(separator: ", "))"))
                    continue
                }
                shapes.append(Explanation.ShapeAdvice(shape: shape, premise: premise, fixes: shapeFixes))
            }
            reader.reportUnknownKeys(hint: nil)
            if groups.isEmpty, ids.isEmpty, patterns.isEmpty {
                reader.problem(nil, line: 1, "give at least one of `groups`, `ids` or `patterns`, or nothing can match it")
            }
            if table["fixes"] != nil, fixes.isEmpty {
                reader.problem("fixes", "give at least one fix")
            }
            for group in groups where group.hasPrefix("#") {
                reader.problem("groups", "write the group without '#': \"\(group.dropFirst())\"")
            }
            problems += reader.problems
            guard let title, let summary, let meaning, let wrongFix, !fixes.isEmpty else { continue }
            entries.append(
                Explanation(
                    file: path, title: title, summary: summary, groups: groups, ids: ids, patterns: patterns,
                    meaning: meaning, fixes: fixes, wrongFix: wrongFix, lesson: lesson, exercises: exercises, runtime: runtime,
                    examples: examples, shapes: shapes))
        }
        var catalog = DiagnosticCatalog(entries: [])
        switch files.read(DiagnosticCatalog.path) {
        case .text(let text):
            do {
                catalog = try DiagnosticCatalog.parse(text)
            } catch {
                problems += error.problems
            }
        default:
            // Without the catalog only ids, groups and patterns match; dev check reports it missing.
            break
        }
        // The kinds the toolchain's definitions give, over those the derivation rules guessed.
        if case .text(let text) = files.read(DiagnosticCatalog.severitiesPath) {
            do {
                catalog = catalog.withSeverities(try DiagnosticCatalog.parseSeverities(text))
            } catch {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw CourseLoadError(problems: problems) }
        return KnowledgeBase(entries: entries, catalog: catalog)
    }
}
