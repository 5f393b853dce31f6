/// One entry of the diagnostic knowledge base: how to recognise a diagnostic, what it means in
/// terms of isolation domains, and what to do about it. Format: `Documentation/Explanations.md`.
public struct Explanation: Sendable, Equatable {
    /// The entry's file, e.g. `Lessons/Explanations/actor-isolated-reference.toml`.
    public var file: String
    public var title: String
    public var summary: String
    public var groups: [String]
    public var ids: [String]
    public var patterns: [String]
    public var meaning: String
    public var fixes: [String]
    public var wrongFix: String
    /// `01-single-threaded#isolated-to-the-main-actor`.
    public var lesson: String?
    public var exercises: [String]
    public var runtime: Bool
    /// Programs `dev check` compiles to this entry's diagnostics (`[[example]]`).
    public var examples: [Example]
    /// The premise and fixes for code of one shape (`[[shape]]`), used instead of the general
    /// ones when the code the diagnostic points at has that shape.
    public var shapes: [ShapeAdvice] = []

    /// One `[[shape]]`: what the diagnostic means for code of this shape, and what to do there.
    public struct ShapeAdvice: Sendable, Equatable {
        public var shape: CodeShape
        public var premise: String
        public var fixes: [String]

        public init(shape: CodeShape, premise: String, fixes: [String]) {
            self.shape = shape
            self.premise = premise
            self.fixes = fixes
        }
    }

    /// The advice for the first of `context`'s shapes this entry has one for.
    public func advice(for context: CodeContext) -> ShapeAdvice? {
        context.shapes.lazy.compactMap { shape in shapes.first { $0.shape == shape } }.first
    }

    /// The general fixes in the order to try them for code like `context`'s: in code that
    /// imports no UI framework, a fix that starts with the main actor goes last, not first.
    public func orderedFixes(for context: CodeContext?) -> [String] {
        guard let context, !context.importsUI else { return fixes }
        let mainActorFirst = { (fix: String) in
            let head = fix.prefix(140)
            return head.contains("@MainActor") || head.contains("main actor")
        }
        return fixes.filter { !mainActorFirst($0) } + fixes.filter(mainActorFirst)
    }

    /// One `[[example]]`: code and the words of a lesson's ```swift fence (`error=ID isolation=MainActor`).
    public struct Example: Sendable, Equatable {
        public var fence: String
        public var code: String
    }

    public init(
        file: String, title: String, summary: String, groups: [String] = [], ids: [String] = [],
        patterns: [String] = [], meaning: String, fixes: [String], wrongFix: String, lesson: String? = nil,
        exercises: [String] = [], runtime: Bool = false, examples: [Example] = [], shapes: [ShapeAdvice] = []
    ) {
        self.shapes = shapes
        self.file = file
        self.title = title
        self.summary = summary
        self.groups = groups
        self.ids = ids
        self.patterns = patterns
        self.meaning = meaning
        self.fixes = fixes
        self.wrongFix = wrongFix
        self.lesson = lesson
        self.exercises = exercises
        self.runtime = runtime
        self.examples = examples
    }

    /// `Lessons/01-single-threaded.md#isolated-to-the-main-actor`, a path editors and terminals can open.
    public var lessonPath: String? {
        guard let lesson else { return nil }
        let parts = lesson.split(separator: "#", maxSplits: 1)
        guard let file = parts.first else { return nil }
        return "Lessons/\(file).md" + (parts.count > 1 ? "#\(parts[1])" : "")
    }

    /// The documentation page of the first group, if the diagnostic has one.
    public var documentationURL: String? {
        groups.first.map { Diagnostic(severity: .error, message: "", group: $0).documentationURL } ?? nil
    }
}
