/// How `actorlings class` prints a summary: a text table, CSV, or one self-contained HTML page.
public enum ClassSummaryFormat: String, Sendable, CaseIterable {
    case text, csv, html

    public func render(_ summary: ClassSummary) -> String {
        switch self {
        case .text: Self.text(summary)
        case .csv: Self.csv(summary)
        case .html: ClassHeatmap(summary: summary).render()
        }
    }

    static let symbols: [GradedExercise.Status: String] = [
        .passed: "✔", .failed: "✘", .compileError: "C", .timedOut: "T", .crashed: "!", .forbidden: "F", .testsEdited: "E", .incompleteRun: "I",
    ]

    static func text(_ summary: ClassSummary) -> String {
        let labelWidth = min(40, (summary.students.map(\.label.count).max() ?? 7) + 2)
        var out = ["\(summary.courseTitle) — \(summary.students.count) students, \(summary.exercises.count) exercises", ""]
        out.append("".padded(to: labelWidth) + summary.exercises.indices.map { String($0 + 1).padded(to: 3) }.joined() + "points")
        for student in summary.students {
            let cells = summary.exercises.map { column in (student.statuses[column.id].flatMap { symbols[$0] } ?? "·").padded(to: 3) }
            out.append(student.label.padded(to: labelWidth) + cells.joined() + "\(student.points)/\(student.maxPoints)")
        }
        out.append("")
        out.append("Exercises: " + summary.exercises.enumerated().map { "\($0.offset + 1) \($0.element.id)" }.joined(separator: ", "))
        out.append(
            "Key: ✔ passed  ✘ tests failed  C compile error  T timed out  ! crashed  F forbidden construct  E tests edited  "
                + "I not all tests ran  · not graded")
        if !summary.stuck.isEmpty {
            out.append("")
            out.append("Where the class is stuck:")
            for column in summary.stuck.prefix(5) {
                out.append("  \(column.id): \(column.notPassed) of \(column.attempted) not passed")
            }
        }
        if !summary.diagnostics.isEmpty {
            out.append("")
            out.append("Most common compile diagnostics:")
            for diagnostic in summary.diagnostics.prefix(5) {
                out.append("  \(diagnostic.students) student\(diagnostic.students == 1 ? "" : "s"): \(diagnostic.example)")
            }
        }
        let flagged = summary.students.filter { !$0.flagged.isEmpty }
        if !flagged.isEmpty {
            out.append("")
            out.append(
                "To look at (close to the reference solution): " + flagged.map { "\($0.label) (\($0.flagged.joined(separator: ", ")))" }.joined(separator: "; ")
            )
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func csv(_ summary: ClassSummary) -> String {
        func field(_ raw: String) -> String {
            // A cell starting with = + - @ (or a tab or carriage return) is a formula to a spreadsheet:
            // a student's name like =HYPERLINK(…) would run. A leading apostrophe makes it text (OWASP).
            let text = raw.first.map { "=+-@\t\r".contains($0) } == true ? "'" + raw : raw
            return text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + text.replacingAll("\"", with: "\"\"") + "\"" : text
        }
        var rows = [(["student"] + summary.exercises.map(\.id) + ["points", "max_points"]).map(field).joined(separator: ",")]
        for student in summary.students {
            let cells = summary.exercises.map { student.statuses[$0.id]?.rawValue ?? "" }
            rows.append(([student.label] + cells + [String(student.points), String(student.maxPoints)]).map(field).joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
