/// A build's diagnostics grouped by explanation, with counts: what `explain --build` prints.
public struct BuildExplanation: Sendable {
    public var groups: [(explanation: Explanation, diagnostics: [Diagnostic])]
    /// Concurrency-looking diagnostics the knowledge base does not know.
    public var unexplained: [Diagnostic]
    /// Everything else (type errors, unused variables …): counted, not explained.
    public var otherCount: Int
    /// The other diagnostics that are errors: shown, because they stop the compiler before the
    /// passes that find most concurrency problems.
    public var otherErrors: [Diagnostic]
    /// True when the build did not succeed.
    public var failed: Bool
    /// The end of the build's output, shown when it failed without a parseable error.
    public var outputTail: String
    /// The knowledge base's answers for concurrency diagnostics without an entry.
    let unexplainedAnswers: [KnowledgeBase.Unexplained?]
    let root: String
    /// The text of the files the diagnostics point at, by path as the compiler printed it: the
    /// source of each excerpt.
    public var sources: [String: String] {
        didSet { tokens = sources.mapValues(SwiftTokenizer.codeTokens) }
    }
    /// The code tokens of each source, read once.
    private var tokens: [String: [SwiftToken]] = [:]
    /// How the package was built: as configured (Swift 6 mode for a Swift 6 manifest) or as the
    /// Swift 5, complete-checking survey, which reports every concurrency problem as a warning.
    public var survey: Bool
    /// The package as the learner named it, for the survey command the report offers.
    public var packagePath: String
    /// The language mode the manifest builds in (5 or 6), when known: in the Swift 5 mode most
    /// concurrency checks are off, so a clean build there proves little.
    public var languageMode: Int?

    /// The language mode a manifest builds its targets in: 6 from tools version 6 unless it lists
    /// only `.v5`; 5 before, unless it lists `.v6`. Nil when the tools version can't be read.
    public static func languageMode(ofManifest manifest: String) -> Int? {
        guard let first = manifest.split(separator: "\n").first, first.hasPrefix("//"),
            let range = first.range(of: "swift-tools-version"),
            let major = Int(first[range.upperBound...].drop { $0 == ":" || $0 == " " }.prefix { $0.isNumber })
        else { return nil }
        let compact = manifest.filter { !$0.isWhitespace }
        let lists = ["swiftLanguageModes:[", "swiftLanguageVersions:["].compactMap { key in
            compact.range(of: key).map { compact[$0.upperBound...].prefix { $0 != "]" } }
        }
        if major >= 6 { return lists.contains { $0.contains(".v5") && !$0.contains(".v6") } ? 5 : 6 }
        return lists.contains { $0.contains(".v6") } ? 6 : 5
    }

    public init(
        diagnostics: [Diagnostic], knowledge: KnowledgeBase, root: String, failed: Bool = false, output: String = "",
        sources: [String: String] = [:], survey: Bool = false, packagePath: String = ".", languageMode: Int? = nil
    ) {
        self.languageMode = languageMode
        var grouped: [String: (explanation: Explanation, diagnostics: [Diagnostic])] = [:]
        var order: [String] = []
        var unexplained: [Diagnostic] = []
        var otherErrors: [Diagnostic] = []
        var other = 0
        for diagnostic in diagnostics {
            if let explanation = knowledge.explanation(for: diagnostic) {
                if grouped[explanation.file] == nil { order.append(explanation.file) }
                grouped[explanation.file, default: (explanation, [])].diagnostics.append(diagnostic)
            } else if knowledge.isConcurrency(diagnostic) {
                unexplained.append(diagnostic)
            } else {
                other += 1
                // "emit-module command failed with exit code 1" only repeats that there were errors.
                if diagnostic.severity == .error, diagnostic.file != nil || !diagnostic.message.contains("command failed with exit code") {
                    otherErrors.append(diagnostic)
                }
            }
        }
        self.groups = order.compactMap { grouped[$0] }.sorted { $0.diagnostics.count > $1.diagnostics.count }
        self.unexplained = unexplained
        self.unexplainedAnswers = unexplained.map(knowledge.unexplained)
        self.otherCount = other
        self.otherErrors = otherErrors
        self.failed = failed
        self.outputTail = output.split(separator: "\n", omittingEmptySubsequences: false).suffix(15).joined(separator: "\n")
        self.root = root.hasSuffix("/") ? root : root + "/"
        self.sources = sources
        self.tokens = sources.mapValues(SwiftTokenizer.codeTokens)
        self.survey = survey
        self.packagePath = packagePath
    }

    /// True when errors may be hiding diagnostics: a module whose type checking reported an
    /// error is never checked for data races between regions (the `sending …` diagnostics), so
    /// a Swift 6 build shows only what comes before the first stop.
    public var mayHideDiagnostics: Bool {
        !survey
            && (groups.contains { $0.diagnostics.contains { $0.severity == .error } } || unexplained.contains { $0.severity == .error }
                || !otherErrors.isEmpty)
    }

    public func render(palette: Palette, width: Int, command: String = "actorlings") -> String {
        let concurrency = groups.reduce(0) { $0 + $1.diagnostics.count } + unexplained.count
        var out: [String] = []
        if concurrency == 0, !failed {
            out.append(
                palette.apply(.boldGreen, "No concurrency diagnostics.")
                    + (otherCount > 0 ? " (\(otherCount) other diagnostic\(otherCount == 1 ? "" : "s"))" : ""))
            if !survey, languageMode == 5 {
                out.append(
                    contentsOf: ExplanationRenderer(palette: palette, width: width).wrap(
                        "This package builds in the Swift 5 language mode, where most concurrency checks are off. To see what "
                            + "Swift 6 will report, as warnings: `\(command) explain --build --survey \(packagePath)`.",
                        indent: ""))
            }
            return out.joined(separator: "\n") + "\n"
        }
        if concurrency == 0 {
            out.append(palette.apply(.boldRed, "The build failed before the compiler reported any concurrency diagnostic."))
            out.append("Fix these first: the compiler checks concurrency only in code that type-checks.")
            out += otherErrorLines(palette)
            if otherErrors.isEmpty { out += ["", palette.apply(.dim, "The end of the build's output:"), outputTail] }
            return out.joined(separator: "\n") + "\n"
        }
        out.append(
            palette.apply(
                .bold,
                "\(concurrency) concurrency diagnostic\(concurrency == 1 ? "" : "s") in \(groups.count + (unexplained.isEmpty ? 0 : 1)) kind\(groups.count == 1 && unexplained.isEmpty ? "" : "s")"
            ) + (otherCount > 0 ? palette.apply(.dim, " (and \(otherCount) other)") : ""))
        var renderer = ExplanationRenderer(palette: palette, width: width)
        renderer.command = command
        for (explanation, diagnostics) in groups {
            out.append("")
            out.append(palette.apply(.dim, String(repeating: "─", count: min(width, 60))))
            out.append(palette.apply(.boldCyan, "\(diagnostics.count) × \(explanation.title)"))
            out += listing(diagnostics, explanation: explanation, palette: palette, width: width)
            out.append("")
            // One context for the group: code without UI imports gets no main-actor fix first.
            let importsUI = diagnostics.contains { context(of: $0)?.importsUI ?? true }
            out.append(renderer.render(explanation, context: CodeContext(importsUI: importsUI)).trimmingTrailingWhitespace())
        }
        if !unexplained.isEmpty {
            out.append("")
            out.append(palette.apply(.boldYellow, "\(unexplained.count) × not in the knowledge base yet"))
            for (diagnostic, answer) in zip(unexplained, unexplainedAnswers).prefix(10) {
                out.append("  " + location(diagnostic) + diagnostic.displayMessage)
                out += excerpt(diagnostic, indent: "    ").map { palette.apply(.dim, $0) }
                out += noteLines(diagnostic, indent: "    ", palette: palette)
                if let answer {
                    let nearest = answer.nearest.map { "; nearest entry: \($0.title)" } ?? ""
                    out.append(palette.apply(.dim, "    about \(answer.family) [\(answer.id)]\(nearest)"))
                }
                if let url = diagnostic.documentationURL { out.append("    " + url) }
            }
        }
        if !otherErrors.isEmpty {
            out.append("")
            out.append(
                palette.apply(.boldRed, "\(otherErrors.count) other error\(otherErrors.count == 1 ? "" : "s")")
                    + " (not about concurrency; they can hide concurrency diagnostics until fixed):")
            out += otherErrorLines(palette)
        }
        if mayHideDiagnostics {
            out.append("")
            out.append(palette.apply(.boldYellow, "More may be hiding behind these errors."))
            out.append(
                contentsOf: ExplanationRenderer(palette: palette, width: width).wrap(
                    "In Swift 6 mode a module whose type checking reported an error is never checked for data races between "
                        + "regions (the `sending …` diagnostics), so new diagnostics can appear as you fix these. To see every "
                        + "concurrency problem at once, as warnings, survey the package in Swift 5 mode with complete checking: "
                        + "`\(command) explain --build --survey \(packagePath)`.",
                    indent: "  "))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// A group's diagnostics, repeats of one shape folded into a pattern with a count and its
    /// places; the first of each shape with its source excerpt and notes.
    private func listing(_ diagnostics: [Diagnostic], explanation: Explanation, palette: Palette, width: Int) -> [String] {
        var out: [String] = []
        let patterns = DiagnosticPattern.fold(diagnostics) { diagnostic in
            context(of: diagnostic).flatMap { explanation.advice(for: $0)?.shape.rawValue } ?? ""
        }
        for pattern in patterns.prefix(8) {
            let first = pattern.diagnostics[0]
            if pattern.diagnostics.count == 1 {
                out.append("  " + location(first) + first.displayMessage)
            } else {
                out.append("  " + palette.apply(.bold, "\(pattern.diagnostics.count) ×") + " " + pattern.message)
                let places = pattern.diagnostics.map { location($0, separator: "") + ($0.firstQuotedName.map { " " + $0 } ?? "") }
                out.append("    at " + places.prefix(6).joined(separator: ", ") + (places.count > 6 ? ", … and \(places.count - 6) more" : ""))
                out.append(palette.apply(.dim, "    the first, " + location(first, separator: "") + ":"))
            }
            out += excerpt(first, indent: "    ").map { palette.apply(.dim, $0) }
            out += noteLines(first, indent: "    ", palette: palette)
            if let context = context(of: first), let advice = explanation.advice(for: context) {
                let renderer = ExplanationRenderer(palette: palette, width: width)
                out += renderer.wrap(advice.premise, indent: "    ").enumerated().map {
                    $0.offset == 0 ? "    " + palette.apply(.bold, "In this code:") + " " + $0.element.dropFirst(4) : $0.element
                }
                for (index, fix) in advice.fixes.enumerated() {
                    let lines = renderer.wrap(fix, indent: "         ")
                    out.append("      \(index + 1). " + (lines.first.map { String($0.dropFirst(9)) } ?? ""))
                    out += lines.dropFirst()
                }
            }
        }
        if patterns.count > 8 {
            let rest = patterns.dropFirst(8).reduce(0) { $0 + $1.diagnostics.count }
            out.append(palette.apply(.dim, "  … and \(rest) more"))
        }
        return out
    }

    /// The shape of the code at a diagnostic, when its file's text is known. Only the package's
    /// own files count as "these sources": a note's file in a dependency (under `.build/` or
    /// outside the package) is read for its excerpt, but a global declared there is another module's.
    public func context(of diagnostic: Diagnostic) -> CodeContext? {
        guard let file = diagnostic.file, let own = tokens[file] else { return nil }
        let others = tokens.filter { $0.key != file && isOwnFile($0.key) }
        return CodeContext.read(diagnostic, tokens: own, others: others.map(\.value))
    }

    /// True for a file of the package itself, not of a dependency (no root given: every file).
    func isOwnFile(_ path: String) -> Bool {
        if root == "/" { return !path.contains(".build/") }
        return path.hasPrefix(root) && !path.dropFirst(root.count).contains(".build/")
    }

    private func excerpt(_ diagnostic: Diagnostic, indent: String) -> [String] {
        guard let file = diagnostic.file, let line = diagnostic.line, let source = sources[file] else { return [] }
        return SourceExcerpt.lines(of: source, line: line, column: diagnostic.column).map { indent + $0 }
    }

    /// The notes, each with its place when it points elsewhere than the diagnostic's line.
    private func noteLines(_ diagnostic: Diagnostic, indent: String, palette: Palette) -> [String] {
        diagnostic.notes.map { note in
            let elsewhere = note.file != nil && (note.file != diagnostic.file || note.line != diagnostic.line)
            return indent + palette.apply(.bold, "note:") + " " + note.displayMessage
                + (elsewhere ? palette.apply(.dim, " (" + location(note, separator: "") + ")") : "")
        }
    }

    private func otherErrorLines(_ palette: Palette) -> [String] {
        var lines = otherErrors.prefix(10).map { "  " + location($0) + "error: " + $0.displayMessage }
        if otherErrors.count > 10 { lines.append(palette.apply(.dim, "  … and \(otherErrors.count - 10) more")) }
        return lines
    }

    /// `Sources/Feed/Feed.swift:13:9: `, relative to the package.
    private func location(_ diagnostic: Diagnostic, separator: String = ": ") -> String {
        guard var file = diagnostic.file, let line = diagnostic.line else { return "" }
        if file.hasPrefix(root) { file = String(file.dropFirst(root.count)) }
        return "\(file):\(line)" + (diagnostic.column.map { ":\($0)" } ?? "") + separator
    }
}
