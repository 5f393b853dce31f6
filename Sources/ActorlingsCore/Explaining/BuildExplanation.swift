/// A build's diagnostics grouped by explanation, with counts: what `explain --build` prints.
public struct BuildExplanation: Sendable {
    public var groups: [(explanation: Explanation, diagnostics: [Diagnostic])]
    /// Concurrency-looking diagnostics the knowledge base does not know.
    public var unexplained: [Diagnostic]
    /// Everything else (type errors, unused variables …): counted, not explained.
    public var otherCount: Int
    let root: String

    public init(diagnostics: [Diagnostic], knowledge: KnowledgeBase, root: String) {
        var grouped: [String: (explanation: Explanation, diagnostics: [Diagnostic])] = [:]
        var order: [String] = []
        var unexplained: [Diagnostic] = []
        var other = 0
        for diagnostic in diagnostics {
            if let explanation = knowledge.explanation(for: diagnostic) {
                if grouped[explanation.file] == nil { order.append(explanation.file) }
                grouped[explanation.file, default: (explanation, [])].diagnostics.append(diagnostic)
            } else if Self.looksConcurrent(diagnostic) {
                unexplained.append(diagnostic)
            } else {
                other += 1
            }
        }
        self.groups = order.compactMap { grouped[$0] }.sorted { $0.diagnostics.count > $1.diagnostics.count }
        self.unexplained = unexplained
        self.otherCount = other
        self.root = root.hasSuffix("/") ? root : root + "/"
    }

    static func looksConcurrent(_ diagnostic: Diagnostic) -> Bool {
        let words = ["actor", "sendable", "sending", "isolat", "concurren", "data race", "async", "await", "task"]
        let message = diagnostic.message.lowercased()
        return diagnostic.group != nil || words.contains { message.contains($0) }
    }

    public func render(palette: Palette, width: Int) -> String {
        let concurrency = groups.reduce(0) { $0 + $1.diagnostics.count } + unexplained.count
        var out: [String] = []
        if concurrency == 0 {
            out.append(
                palette.apply(.boldGreen, "No concurrency diagnostics.")
                    + (otherCount > 0 ? " (\(otherCount) other diagnostic\(otherCount == 1 ? "" : "s"))" : ""))
            return out.joined(separator: "\n") + "\n"
        }
        out.append(
            palette.apply(
                .bold,
                "\(concurrency) concurrency diagnostic\(concurrency == 1 ? "" : "s") in \(groups.count + (unexplained.isEmpty ? 0 : 1)) kind\(groups.count == 1 && unexplained.isEmpty ? "" : "s")"
            ) + (otherCount > 0 ? palette.apply(.dim, " (and \(otherCount) other)") : ""))
        let renderer = ExplanationRenderer(palette: palette, width: width)
        for (explanation, diagnostics) in groups {
            out.append("")
            out.append(palette.apply(.dim, String(repeating: "─", count: min(width, 60))))
            out.append(palette.apply(.boldCyan, "\(diagnostics.count) × \(explanation.title)"))
            for diagnostic in diagnostics.prefix(8) {
                out.append("  " + location(diagnostic) + diagnostic.displayMessage)
            }
            if diagnostics.count > 8 { out.append(palette.apply(.dim, "  … and \(diagnostics.count - 8) more")) }
            out.append("")
            out.append(renderer.render(explanation).trimmingTrailingWhitespace())
        }
        if !unexplained.isEmpty {
            out.append("")
            out.append(palette.apply(.boldYellow, "\(unexplained.count) × not in the knowledge base yet"))
            for diagnostic in unexplained.prefix(10) {
                out.append("  " + location(diagnostic) + diagnostic.displayMessage + (diagnostic.documentationURL.map { "\n    " + $0 } ?? ""))
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func location(_ diagnostic: Diagnostic) -> String {
        guard var file = diagnostic.file, let line = diagnostic.line else { return "" }
        if file.hasPrefix(root) { file = String(file.dropFirst(root.count)) }
        return "\(file):\(line): "
    }
}
