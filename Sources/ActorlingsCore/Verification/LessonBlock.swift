/// A `swift` code block of a lesson, with what `dev check` expects of it.
public struct LessonBlock: Sendable, Equatable {
    public var lesson: String
    public var line: Int
    public var code: String
    public var settings: CompilerSettings
    /// Groups or internal ids of errors the block must produce; empty: it must compile.
    public var expectedErrors: [String]
    /// Groups or internal ids of warnings the block must produce (and no errors).
    public var expectedWarnings: [String]
    /// Lines of the `diagnostics` block that follows, each to be found verbatim in the output.
    public var quotedDiagnostics: [String]
    /// Flags beyond the settings: `warnings=GROUP` (`-Wwarning GROUP`), `strict-memory-safety`,
    /// `frontend=FLAG` (`-Xfrontend FLAG`), for diagnostics that are off by default.
    public var extraFlags: [String] = []
    /// The lines of the `output` block that follows, when there is one: the block is a program
    /// (`@main`) that `dev check` builds and runs, and it must print exactly these lines.
    public var expectedOutput: [String]? = nil

    /// The blocks of a lesson, or the problems with their info strings.
    public static func blocks(in markdown: String, lesson: String) -> (blocks: [LessonBlock], problems: [CourseProblem]) {
        var blocks: [LessonBlock] = []
        var problems: [CourseProblem] = []
        let codeBlocks = MarkdownDocument(parsing: markdown).codeBlocks
        for (index, block) in codeBlocks.enumerated() {
            if block.language == "diagnostics" {
                let previous = index > 0 ? codeBlocks[index - 1] : nil
                if previous?.language != "swift" {
                    problems.append(
                        CourseProblem(file: lesson, line: block.line, message: "a ```diagnostics block must follow the ```swift block whose output it quotes"))
                }
                continue
            }
            if block.language == "output" {
                if index == 0 || codeBlocks[index - 1].language != "swift" {
                    problems.append(
                        CourseProblem(file: lesson, line: block.line, message: "an ```output block must follow the ```swift program whose output it quotes"))
                }
                continue
            }
            guard block.language == "swift" else { continue }
            var result = LessonBlock(
                lesson: lesson, line: block.line, code: block.code, settings: CompilerSettings(),
                expectedErrors: [], expectedWarnings: [], quotedDiagnostics: [])
            for attribute in block.attributes {
                let parts = attribute.split(separator: "=", maxSplits: 1).map(String.init)
                let key = parts[0]
                let value = parts.count > 1 ? parts[1] : nil
                switch (key, value) {
                case ("error", let value?): result.expectedErrors.append(value)
                case ("warning", let value?): result.expectedWarnings.append(value)
                case ("isolation", "MainActor"): result.settings.defaultIsolation = .mainActor
                case ("isolation", "nonisolated"): result.settings.defaultIsolation = .nonisolated
                case ("warnings", let value?): result.extraFlags += ["-Wwarning", value]
                case ("strict-memory-safety", nil): result.extraFlags += ["-strict-memory-safety"]
                case ("frontend", let value?) where value.hasPrefix("-"): result.extraFlags += ["-Xfrontend", value]
                case ("features", let value?):
                    for feature in value.split(separator: ",").map(String.init) {
                        // `Feature:migrate` turns on the feature's migration warnings instead.
                        let name = feature.hasSuffix(":migrate") ? String(feature.dropLast(":migrate".count)) : feature
                        if CompilerSettings.knownUpcomingFeatures.contains(name) {
                            result.settings.upcomingFeatures.append(feature)
                        } else {
                            problems.append(
                                CourseProblem(file: lesson, line: block.line, message: "unknown upcoming feature '\(feature)' in the code block's info string"))
                        }
                    }
                case ("approachable", nil): result.settings.upcomingFeatures += CompilerSettings.approachableFeatures
                case ("swift-version", "5"):
                    result.settings.languageMode = .swift5
                    result.settings.strictConcurrency = .complete
                case ("swift-version", "6"): result.settings.languageMode = .swift6
                default:
                    problems.append(
                        CourseProblem(
                            file: lesson, line: block.line,
                            message: "unknown word '\(attribute)' in the code block's info string; see Documentation/CourseFormat.md (Lessons)"))
                }
            }
            if index + 1 < codeBlocks.count, codeBlocks[index + 1].language == "diagnostics" {
                result.quotedDiagnostics = codeBlocks[index + 1].code.split(separator: "\n")
                    .compactMap { quotedDiagnostic(String($0)) }
            }
            if index + 1 < codeBlocks.count, codeBlocks[index + 1].language == "output" {
                if !result.expectedErrors.isEmpty {
                    problems.append(
                        CourseProblem(file: lesson, line: block.line, message: "a block that must fail to compile can't have an ```output block"))
                }
                result.expectedOutput = codeBlocks[index + 1].code.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { String($0).trimmingTrailingWhitespace() }.reversed().drop { $0.isEmpty }.reversed()
            }
            blocks.append(result)
        }
        return (blocks, problems)
    }

    /// "file.swift:3:5: error: message [#Group]" or "error: message" → "error: message [#Group]";
    /// nil for lines that are not diagnostics (source excerpts, carets).
    static func quotedDiagnostic(_ line: String) -> String? {
        let trimmed = line.trimmingTrailingWhitespace()
        for severity in ["error: ", "warning: ", "note: "] {
            if trimmed.hasPrefix(severity) { return trimmed }
            if let range = trimmed.range(of: ": " + severity) {
                return String(trimmed[trimmed.index(range.lowerBound, offsetBy: 2)...])
            }
        }
        return nil
    }

    /// What is wrong with what the program printed, or nothing when it printed the `output` block.
    public func outputMismatch(printed: String) -> [String] {
        guard let expectedOutput else { return [] }
        let lines = Array(
            printed.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).trimmingTrailingWhitespace() }.reversed().drop { $0.isEmpty }.reversed())
        guard lines != expectedOutput else { return [] }
        return ["should print the ```output block below it, but printed:\n" + lines.joined(separator: "\n")]
    }

    /// What is wrong with the compiler's verdict on this block, or nil when it is as claimed.
    public func mismatch(diagnostics: [Diagnostic]) -> [String] {
        var problems: [String] = []
        let errors = diagnostics.filter { $0.severity == .error }
        let warnings = diagnostics.filter { $0.severity == .warning }
        if expectedErrors.isEmpty {
            if let first = errors.first {
                problems.append("should compile, but: error: \(first.displayMessage)\(first.identifier.map { " [\($0)]" } ?? "")")
            }
        } else {
            for token in expectedErrors where !errors.contains(where: { $0.matches(token) }) {
                problems.append(
                    "should fail with [\(token)], but the errors were: "
                        + (errors.isEmpty ? "none" : errors.map { "\($0.displayMessage) [\($0.identifier ?? "?")]" }.joined(separator: "; ")))
            }
        }
        for token in expectedWarnings where !warnings.contains(where: { $0.matches(token) }) {
            problems.append("should warn with [\(token)], but did not")
        }
        if expectedWarnings.isEmpty, expectedErrors.isEmpty, let first = warnings.first {
            problems.append("should compile without warnings, but: warning: \(first.displayMessage)")
        }
        let printed = Set(diagnostics.flatMap { [$0] + $0.notes }.map { "\($0.severity.rawValue): \($0.displayMessage)" })
        for quoted in quotedDiagnostics where !printed.contains(quoted) {
            problems.append("the quoted diagnostic is not what Swift prints: \(quoted)")
        }
        return problems
    }
}
