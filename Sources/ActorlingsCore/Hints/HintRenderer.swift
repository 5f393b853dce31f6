/// Words for a hint ask: the hint chosen for the code as it is now, the tests the learner's change
/// broke, then the ladder so far. Pure.
public struct HintRenderer: Sendable {
    public var palette: Palette
    /// How the learner runs the tool (`swift run actorlings` from a checkout).
    public var command: String
    /// In watch mode, advice names keys rather than commands.
    public var inWatchMode = false

    public init(palette: Palette, command: String = "actorlings") {
        self.palette = palette
        self.command = command
    }

    public func render(_ selection: HintChooser.Selection, exercise: Exercise) -> String {
        var out = [
            palette.apply(.bold, "Hints for \(exercise.id)")
                + palette.apply(.dim, " (\(selection.ladderShown) of \(selection.ladderCount) general hints)")
        ]
        for match in selection.matches {
            out.append("")
            out.append(palette.apply(.boldCyan, "For your code now") + " — " + reason(match, exercise: exercise) + ":")
            out += body(match.hint.text)
        }
        if !selection.brokenTests.isEmpty {
            out.append("")
            out += VerdictRenderer.renderTestBreakage(selection.brokenTests, palette: palette)
        }
        if selection.ladderShown > 0 {
            out.append("")
            if selection.movedOnFromShipped {
                // The ladder describes the shipped failure; the learner's code has moved on.
                out.append(palette.apply(.dim, "About the exercise as it was shipped (your code fails differently now):"))
            } else if !selection.matches.isEmpty || !selection.brokenTests.isEmpty {
                out.append(palette.apply(.dim, "About the exercise as a whole:"))
            }
            for (index, hint) in exercise.hints.prefix(selection.ladderShown).enumerated() {
                let lines = body(hint)
                out.append(palette.apply(.boldCyan, "\(index + 1).") + lines[0].dropFirst(2))
                out += lines.dropFirst()
            }
        }
        out.append("")
        let ask = inWatchMode ? "Press h again" : "Ask again (`\(command) hint \(exercise.id)`)"
        if selection.ladderShown < selection.ladderCount {
            out.append(palette.apply(.dim, "\(ask) for the next hint."))
        } else {
            let lesson = inWatchMode ? "press s" : "`\(command) lesson \(exercise.id)`"
            out.append(palette.apply(.dim, "That was the last hint. The lesson section may help too: \(lesson)."))
        }
        if selection.outcome == nil, !exercise.verdictHints.isEmpty, !inWatchMode {
            out.append(palette.apply(.dim, "Check your code first (`\(command) check \(exercise.id)`) and hints will follow what it does now."))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The part of the verdict a hint answers, in the learner's terms.
    private func reason(_ match: HintChooser.Match, exercise: Exercise) -> String {
        if let diagnostic = match.diagnostic {
            let place = diagnostic.file.flatMap { file in diagnostic.line.map { " at \(VerdictRenderer.lastComponent(file)):\($0)" } } ?? ""
            return "the \(diagnostic.severity.rawValue)\(place): \(palette.apply(.bold, diagnostic.message))"
        }
        if let test = match.test, let mutant = exercise.mutants.first(where: { $0.resultName == test }) {
            // A missed mutant is no test of the learner's: say what the broken copy does.
            return "your tests pass against a broken implementation, one that \(palette.apply(.bold, mutant.description))"
        }
        if let test = match.test {
            return "the failing test \(palette.apply(.bold, test))"
        }
        switch match.hint.outcome {
        case "timed-out": return "the tests did not finish"
        case "crashed": return "the tests crashed"
        case "forbidden": return "a forbidden construct"
        case "incomplete-run": return "not every test ran"
        case "tests-failed": return "failing tests"
        default: return "your last check"
        }
    }

    private func body(_ text: String) -> [String] {
        let adapted = CommandQuoting.adapt(String(text.drop(while: \.isWhitespace)).trimmingTrailingWhitespace(), command: command)
        return adapted.split(separator: "\n", omittingEmptySubsequences: false).map { "   " + $0 }
    }
}
