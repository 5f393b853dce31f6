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
        .passed: "✔", .testsFailed: "✘", .compileFailed: "C", .timedOut: "T", .crashed: "!", .dataRace: "R", .forbidden: "F", .testsEdited: "E",
        .incompleteRun: "I", .unreadableFiles: "U", .systemTooOld: "M", .courseError: "X", .graderFailure: "G",
    ]

    static func symbol(_ cell: ClassSummary.Cell?) -> String {
        switch cell {
        case .graded(let status): symbols[status] ?? "?"
        case .notStarted: "·"
        case .skipped: "s"
        case nil: " "
        }
    }

    static func text(_ summary: ClassSummary) -> String {
        let labelWidth = min(32, (summary.students.map(\.username.count).max() ?? 7) + 2)
        var out = ["\(summary.courseTitle) — \(summary.students.count) students, \(summary.exercises.count) exercises", ""]
        // Steps are separated by a column of spaces; the numbers say which exercise is which.
        func row(_ cells: [String]) -> String {
            var line = ""
            for (index, column) in summary.exercises.enumerated() {
                if index > 0, summary.exercises[index - 1].step != column.step { line += " " }
                line += cells[index].padded(to: 3)
            }
            return line
        }
        out.append("".padded(to: labelWidth) + row(summary.exercises.indices.map { String($0 + 1) }) + "points  now at")
        for student in summary.students {
            let cells = summary.exercises.map { symbol(student.cells[$0.id]) }
            let now = student.current.map { student.isStuck ? "stuck on \($0)" : "not started \($0)" } ?? "done"
            out.append(
                student.username.padded(to: labelWidth) + row(cells) + "\(student.points)/\(student.maxPoints)".padded(to: 8) + now
                    + (student.anomalies.isEmpty ? "" : "  ⚠"))
        }
        out.append("")
        out.append("Exercises: " + summary.exercises.enumerated().map { "\($0.offset + 1) \($0.element.id)" }.joined(separator: ", "))
        out.append(
            "Key: ✔ passed  ✘ tests failed  C compile error  T timed out  ! crashed  F forbidden construct  E tests edited  "
                + "I not all tests ran  M macOS too old  · not started  s skipped  (blank) not graded")
        let positions = summary.positions
        if !positions.isEmpty {
            out.append("")
            out.append("Who is stuck where (each student's first unsolved exercise):")
            for position in positions {
                var parts: [String] = []
                if !position.stuck.isEmpty { parts.append("stuck: " + position.stuck.joined(separator: ", ")) }
                if !position.notStarted.isEmpty { parts.append("not started: " + position.notStarted.joined(separator: ", ")) }
                out.append("  \(position.exercise.id) — " + parts.joined(separator: "; "))
            }
        }
        if !summary.finished.isEmpty {
            out.append("  done — " + summary.finished.map(\.username).joined(separator: ", "))
        }
        if !summary.diagnostics.isEmpty {
            out.append("")
            out.append("Most common compile diagnostics (in exercises students started):")
            for diagnostic in summary.diagnostics.prefix(5) {
                out.append("  \(diagnostic.students) student\(diagnostic.students == 1 ? "" : "s"): \(diagnostic.example)")
            }
        }
        let flagged = summary.students.filter { !$0.anomalies.isEmpty }
        if !flagged.isEmpty {
            out.append("")
            out.append("To look at:")
            for student in flagged {
                out.append("  \(student.username): " + student.anomalies.joined(separator: "; "))
            }
        }
        // Every line holds names, ids and messages from the reports (students' runs wrote them)
        // and no styling of ours: each is made safe whole.
        return out.map(UntrustedText.line).joined(separator: "\n") + "\n"
    }

    static func csv(_ summary: ClassSummary) -> String {
        func field(_ untrusted: String) -> String {
            // Control characters made visible first (a CSV is also read with `cat`).
            let raw = UntrustedText.line(untrusted)
            // A cell starting with = + - @ (or a tab or carriage return) is a formula to a spreadsheet:
            // a student's name like =HYPERLINK(…) would run. A leading apostrophe makes it text (OWASP).
            let text = raw.first.map { "=+-@\t\r".contains($0) } == true ? "'" + raw : raw
            return text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + text.replacingAll("\"", with: "\"\"") + "\"" : text
        }
        let header = ["student", "username"] + summary.exercises.map(\.id) + ["points", "max_points", "passed", "now_at", "stuck", "flags"]
        var rows = [header.map(field).joined(separator: ",")]
        for student in summary.students {
            let cells = summary.exercises.map { student.cells[$0.id]?.name ?? "" }
            let tail = [
                String(student.points), String(student.maxPoints), String(student.passed), student.current ?? "", student.isStuck ? "yes" : "no",
                student.anomalies.joined(separator: "; "),
            ]
            rows.append(([student.label, student.username] + cells + tail).map(field).joined(separator: ","))
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
