/// Prints knowledge-base entries: in full for `actorlings explain`, as one line in verdicts.
public struct ExplanationRenderer: Sendable {
    public var palette: Palette
    public var width: Int
    /// How the reader runs the tool (`swift run actorlings` from a checkout), for the commands it names.
    public var command = "actorlings"

    public init(palette: Palette, width: Int = 80) {
        self.palette = palette
        self.width = width
    }

    /// The whole entry; with a `context`, the premise and fixes its code's shape calls for.
    public func render(_ explanation: Explanation, for diagnostic: Diagnostic? = nil, context: CodeContext? = nil) -> String {
        let advice = context.flatMap(explanation.advice(for:))
        var out: [String] = []
        if let diagnostic, !diagnostic.message.isEmpty {
            let severity =
                switch diagnostic.severity {
                case .warning: palette.apply(.boldYellow, "warning:")
                case .note, .remark: palette.apply(.bold, "\(diagnostic.severity.rawValue):")
                case .error: palette.apply(.boldRed, "error:")
                }
            out.append(severity + " " + palette.apply(.bold, diagnostic.displayMessage))
            out.append("")
        }
        out.append(palette.apply(.boldCyan, explanation.title))
        out.append(contentsOf: wrap(explanation.summary, indent: "  "))
        out.append("")
        if let advice {
            out.append(palette.apply(.bold, "In this code"))
            out.append(contentsOf: wrap(advice.premise, indent: "  "))
            out.append("")
        }
        out.append(palette.apply(.bold, "What it means"))
        out.append(contentsOf: wrap(explanation.meaning, indent: "  "))
        out.append("")
        out.append(palette.apply(.bold, "What to do, in this order"))
        for (index, fix) in (advice.map(\.fixes) ?? explanation.orderedFixes(for: context)).enumerated() {
            let lines = wrap(fix, indent: "     ")
            out.append("  \(index + 1). " + (lines.first.map { String($0.dropFirst(5)) } ?? ""))
            out.append(contentsOf: lines.dropFirst())
        }
        out.append("")
        out.append(palette.apply(.bold, "The tempting wrong fix"))
        out.append(contentsOf: wrap(explanation.wrongFix, indent: "  "))
        var references: [String] = []
        if let lesson = explanation.lessonPath { references.append("Lesson: \(lesson)") }
        if !explanation.exercises.isEmpty { references.append("Practice: " + explanation.exercises.map { "`\(command) check \($0)`" }.joined(separator: ", ")) }
        if let url = diagnostic?.documentationURL ?? explanation.documentationURL {
            references.append("Swift documentation: " + palette.apply(.underline, url))
        }
        if !references.isEmpty {
            out.append("")
            out.append(contentsOf: references.map { palette.apply(.dim, "  ") + $0 })
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The answer for a diagnostic without an entry: for a concurrency diagnostic the catalog
    /// knows, its family and the nearest entry; otherwise where else to look.
    public func renderUnexplained(_ diagnostic: Diagnostic, _ answer: KnowledgeBase.Unexplained?) -> String {
        var out = [palette.apply(.bold, diagnostic.displayMessage)]
        if let answer, answer.isNote {
            out += wrap(
                "A note about \(answer.family) [\(answer.id)]: it adds to the error or warning printed just above it, and Actorlings has "
                    + "no entry for the note on its own. Paste that error or warning (with its notes) to have it explained.",
                indent: "  ")
        } else if let answer {
            out += wrap(
                "A Swift concurrency diagnostic about \(answer.family) [\(answer.id)]. Actorlings has no entry of its own for it yet.", indent: "  ")
            if let nearest = answer.nearest {
                out.append("")
                out.append("  " + palette.apply(.bold, "The nearest entry: ") + nearest.title)
                out += wrap(nearest.summary, indent: "  ")
                if let name = nearest.ids.first ?? nearest.groups.first {
                    out.append("  Read it with `actorlings explain \(name)`" + (nearest.lessonPath.map { ", and the lesson at \($0)" } ?? "") + ".")
                }
            }
        } else {
            out.append(
                "  Actorlings has no explanation for this one yet."
                    + (diagnostic.documentationURL == nil ? " If it is about concurrency, try pasting the whole diagnostic, notes included." : ""))
        }
        if let url = diagnostic.documentationURL {
            out.append("  The Swift documentation has a page on it: " + palette.apply(.underline, url))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Word-wraps prose; blank lines stay paragraph breaks, and lines starting with "- " stay
    /// list items (wrapped with a hanging indent).
    func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.trimmingCharacters(in: " \n").split(separator: "\n\n", omittingEmptySubsequences: false) {
            if !lines.isEmpty { lines.append("") }
            var items: [String] = []
            for line in paragraph.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") || items.isEmpty {
                    items.append(String(trimmed))
                } else {
                    items[items.count - 1] += " " + trimmed
                }
            }
            for item in items {
                let bullet = item.hasPrefix("- ") || item.hasPrefix("* ")
                let body = bullet ? String(item.dropFirst(2)) : item
                let first = bullet ? indent + "• " : indent
                let rest = bullet ? indent + "  " : indent
                lines += fill(body, first: first, rest: rest)
            }
        }
        return lines
    }

    private func fill(_ text: String, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var prefix = first
        let limit = max(30, width - first.count)
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !current.isEmpty, current.count + 1 + word.count > limit {
                lines.append(prefix + current)
                current = ""
                prefix = rest
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(prefix + current) }
        return lines
    }
}
