import ActorlingsCore
import Foundation

/// The knowledge base's part of `dev check`: each entry's `[[example]]` programs and the Swift
/// blocks in its text compile as they claim, and the catalog matches the toolchain.
extension CourseVerifier {
    /// The knowledge base's checks on their own, one entry after another: for tests and tools
    /// that check a knowledge base without a whole course.
    public func verifyKnowledgeBase() async throws -> [Finding] {
        var findings = knowledgeFindings() + catalogFindings()
        for job in knowledgeJobs() {
            if case .lesson(_, _, let problems) = try await job() { findings += problems }
        }
        return findings
    }

    /// One job per entry that has examples or Swift blocks; findings name the entry's file.
    func knowledgeJobs() -> [@Sendable () async throws -> JobResult] {
        guard let knowledge = try? ExplanationLoader(files: LocalCourseFiles(root: checker.root)).load() else {
            return []  // knowledgeFindings() reports why it does not load
        }
        return knowledge.entries.compactMap { entry in
            let blocks = Self.blocks(of: entry)
            guard !blocks.examples.isEmpty || !blocks.text.isEmpty || !blocks.problems.isEmpty else { return nil }
            return { try await verifyEntry(entry, blocks: blocks, knowledge: knowledge) }
        }
    }

    /// An entry's examples and the Swift blocks of its prose, as lesson blocks: the same fence
    /// words, the same compiler, the same claims.
    static func blocks(of entry: Explanation) -> (examples: [LessonBlock], text: [LessonBlock], problems: [CourseProblem]) {
        var examples: [LessonBlock] = []
        var problems: [CourseProblem] = []
        for (index, example) in entry.examples.enumerated() {
            let parsed = LessonBlock.blocks(in: "```swift \(example.fence)\n\(example.code)\n```\n", lesson: entry.file)
            problems += parsed.problems.map { CourseProblem(file: entry.file, key: "example", message: "example \(index + 1): \($0.message)") }
            for var block in parsed.blocks {
                block.line = index + 1
                if block.expectedErrors.isEmpty, block.expectedWarnings.isEmpty {
                    problems.append(
                        CourseProblem(
                            file: entry.file, key: "example",
                            message: "example \(index + 1) names no diagnostic; write the ids it produces in `fence` (error=ID or warning=ID)"))
                }
                examples.append(block)
            }
        }
        let prose = ([entry.meaning] + entry.fixes + [entry.wrongFix]).joined(separator: "\n\n")
        let text = LessonBlock.blocks(in: prose, lesson: entry.file)
        problems += text.problems
        return (examples, text.blocks, problems)
    }

    func verifyEntry(
        _ entry: Explanation, blocks: (examples: [LessonBlock], text: [LessonBlock], problems: [CourseProblem]), knowledge: KnowledgeBase
    ) async throws -> JobResult {
        var problems = blocks.problems.map(Self.finding)
        let compiler = LessonCodeCompiler(builder: checker.builder, directory: StateFolder(root: checker.root).devCheck("explanations"))
        for block in blocks.examples {
            let diagnostics = try await compiler.diagnostics(for: block)
            let subject = "\(entry.file) example \(block.line)"
            problems += block.mismatch(diagnostics: diagnostics).map { Finding(subject: subject, message: $0) }
            for diagnostic in diagnostics where diagnostic.severity == .error || diagnostic.severity == .warning {
                let id = diagnostic.identifier ?? "no id"
                if !entry.ids.contains(id) {
                    let owner = knowledge.explanation(for: diagnostic).map { " (\($0.file) explains it)" } ?? ""
                    let produced = "\(diagnostic.severity.rawValue): \(diagnostic.displayMessage) [\(id)]"
                    problems.append(Finding(subject: subject, message: "produces \(produced), which this entry does not list in `ids`\(owner)"))
                }
            }
        }
        for block in blocks.text {
            problems += block.mismatch(diagnostics: try await compiler.diagnostics(for: block)).map {
                Finding(subject: "\(entry.file) (Swift block in its text)", message: $0)
            }
        }
        return .lesson(path: entry.file, blocks: blocks.examples.count + blocks.text.count, problems: problems)
    }

    /// The catalog snapshot holds every concurrency diagnostic of this toolchain: a newer
    /// toolchain's new ids show up here as gaps to explain.
    static let regenerate = "run `swift run actorlings dev generate`"

    func catalogFindings() -> [Finding] {
        let files = LocalCourseFiles(root: checker.root)
        guard files.files(in: KnowledgeBase.directory)?.contains(where: { $0.hasSuffix(".toml") }) == true else { return [] }
        guard case .text(let text) = files.read(DiagnosticCatalog.path), let snapshot = try? DiagnosticCatalog.parse(text) else {
            return [Finding(subject: DiagnosticCatalog.path, message: "missing or unreadable; run `swift run actorlings dev generate`")]
        }
        guard let current = try? checker.builder.toolchain.diagnosticCatalog() else { return [] }
        let known = Set(snapshot.entries.map(\.id))
        let new = current.entries.filter { !known.contains($0.id) }.map(\.id)
        let gone = Set(known).subtracting(current.entries.map(\.id)).sorted()
        var findings: [Finding] = []
        if !new.isEmpty {
            let listed = new.prefix(5).joined(separator: ", ") + (new.count > 5 ? ", …" : "")
            let version = checker.builder.toolchain.version
            findings.append(
                Finding(
                    subject: DiagnosticCatalog.path,
                    message: "Swift \(version) has \(new.count) concurrency diagnostic(s) the catalog lacks (\(listed)); \(Self.regenerate), then explain them"
                ))
        }
        if !gone.isEmpty {
            findings.append(
                Finding(
                    subject: DiagnosticCatalog.path,
                    message: "lists \(gone.count) id(s) this toolchain no longer has (\(gone.prefix(5).joined(separator: ", "))); \(Self.regenerate)"))
        }
        return findings
    }
}
