/// The class summary as one HTML file with no outside resources (it must open from a folder,
/// offline): who is stuck where, a heatmap of students × exercises (least progress first, steps
/// apart, names and headers fixed while it scrolls), the compile diagnostics of started work,
/// and the reports to look at.
struct ClassHeatmap {
    let summary: ClassSummary

    static let colors: [GradedExercise.Status: String] = [
        .passed: "#2e9e5b", .testsFailed: "#d9534f", .compileFailed: "#e8833a", .timedOut: "#8e6bbf",
        .crashed: "#7a1f1f", .dataRace: "#a23b72", .forbidden: "#3b3b98", .testsEdited: "#555555", .incompleteRun: "#b5179e",
        .unreadableFiles: "#8a6d3b", .systemTooOld: "#c9b458", .courseError: "#222222", .graderFailure: "#222222",
    ]

    static let labels: [GradedExercise.Status: String] = [
        .passed: "passed", .testsFailed: "tests failed", .compileFailed: "compile error", .timedOut: "timed out",
        .crashed: "crashed", .dataRace: "data race", .forbidden: "forbidden construct", .testsEdited: "tests edited",
        .incompleteRun: "not all tests ran", .unreadableFiles: "files unreadable", .systemTooOld: "macOS too old",
        .courseError: "course error (not checked)", .graderFailure: "grader failure (not checked)",
    ]

    static let notStartedColor = "#e6e6e6"
    static let skippedColor = "#a9bcd6"

    static func color(_ cell: ClassSummary.Cell) -> String {
        switch cell {
        case .graded(let status): colors[status] ?? "#999"
        case .notStarted: notStartedColor
        case .skipped: skippedColor
        }
    }

    static func label(_ cell: ClassSummary.Cell) -> String {
        switch cell {
        case .graded(let status): labels[status] ?? status.rawValue
        case .notStarted: "not started"
        case .skipped: "skipped"
        }
    }

    static let style = """
        body { font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; margin: 20px; color: #222; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 24px 0 8px; }
        .sub { color: #555; margin-bottom: 14px; }
        .legend span { display: inline-block; margin-right: 14px; white-space: nowrap; }
        .legend i { display: inline-block; width: 12px; height: 12px; margin-right: 5px; vertical-align: -1px; }
        .scroll { overflow: auto; max-height: 80vh; border: 1px solid #ddd; max-width: 100%; }
        table.heat { border-collapse: separate; border-spacing: 0; }
        table.heat th, table.heat td { padding: 0; background-clip: padding-box; }
        table.heat thead th { position: sticky; background: #fff; z-index: 2; }
        table.heat thead tr.steps th { top: 0; height: 22px; font-size: 12px; font-weight: 600; color: #444; border-bottom: 1px solid #ccc; }
        table.heat thead tr.names th { top: 23px; }
        table.heat th.ex { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 500; padding: 6px 2px; white-space: nowrap; font-size: 12px; }
        table.heat th.corner { left: 0; z-index: 3; text-align: left; padding: 0 10px; vertical-align: bottom; }
        table.heat tbody th.student { position: sticky; left: 0; z-index: 1; background: #fff; text-align: left; padding: 1px 10px 1px 6px; font-weight: 500; white-space: nowrap; border-right: 1px solid #ccc; }
        table.heat tbody tr:hover th.student { background: #fff6d6; }
        table.heat td.cell { min-width: 22px; width: 22px; height: 20px; text-align: center; color: #fff; font-size: 11px; border: 1px solid #fff; }
        table.heat td.none { background: #fff; border: 1px dashed #ddd; }
        table.heat td.now { box-shadow: inset 0 0 0 2px #111; }
        table.heat .gap { border-left: 6px solid #fff; }
        table.heat tbody td.cell.gap { border-left-width: 6px; }
        table.heat td.points { padding: 0 8px; color: #333; white-space: nowrap; font-variant-numeric: tabular-nums; }
        table.heat td.look { padding: 0 8px; color: #8a4b00; white-space: nowrap; font-size: 12px; }
        table.heat tfoot td { font-size: 10px; color: #333; text-align: center; background: #f6f6f6; height: 18px; font-variant-numeric: tabular-nums; }
        table.heat tfoot th { position: sticky; left: 0; background: #f6f6f6; text-align: left; padding: 0 10px 0 6px; font-size: 11px; font-weight: 500; }
        .warn { color: #b35900; font-weight: 700; }
        ul.where { list-style: none; padding: 0; margin: 0; } ul.where li { margin: 4px 0; }
        ul.where .count { display: inline-block; min-width: 2.6em; font-weight: 700; }
        ul.where .who { color: #444; } ul.where .idle { color: #777; }
        ol li { margin: 3px 0; } code { background: #f3f3f3; padding: 1px 4px; border-radius: 3px; font-size: 13px; }
        """

    func render() -> String {
        let stuck = summary.students.filter(\.isStuck).count
        let flagged = summary.students.filter { !$0.anomalies.isEmpty }.count
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(summary.courseTitle)) — class summary</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <h1>\(escape(summary.courseTitle)) — class summary</h1>
            <div class="sub">\(summary.students.count) students · \(summary.exercises.count) exercises · \(stuck) stuck · \(summary.finished.count) done\(flagged == 0 ? "" : " · <span class=\"warn\">\(flagged) to look at</span>")\(summary.failures.isEmpty ? "" : " · <span class=\"warn\">\(summary.failures.count) not graded</span>")</div>

            """
        html += failuresSection()
        html += whereSection()
        html += grid()
        html += diagnosticsSection()
        html += lookSection()
        html += "</body>\n</html>\n"
        return html
    }

    private func whereSection() -> String {
        var html = "<h2>Who is stuck where</h2>\n"
        let positions = summary.positions
        guard !positions.isEmpty else {
            return html + "<p>Every student has passed every graded exercise.</p>\n"
        }
        html += "<p class=\"sub\">Each student's first exercise not passed (skipped ones are passed over); outlined in the grid.</p>\n<ul class=\"where\">\n"
        for position in positions {
            let column = position.exercise
            html += "<li><span class=\"count\">\(position.count)</span><code>\(escape(column.id))</code> (step \(column.step): \(escape(column.title)))"
            if !position.stuck.isEmpty {
                html += " — <strong>stuck: \(position.stuck.count)</strong> <span class=\"who\">\(escape(position.stuck.joined(separator: ", ")))</span>"
            }
            if !position.notStarted.isEmpty {
                html += " — not started yet: \(position.notStarted.count) <span class=\"idle\">\(escape(position.notStarted.joined(separator: ", ")))</span>"
            }
            html += "</li>\n"
        }
        if !summary.finished.isEmpty {
            html +=
                "<li><span class=\"count\">\(summary.finished.count)</span>done — <span class=\"who\">\(escape(summary.finished.map(\.username).joined(separator: ", ")))</span></li>\n"
        }
        return html + "</ul>\n"
    }

    private func grid() -> String {
        var html = "<h2>Students × exercises</h2>\n<div class=\"legend\">"
        for status in GradedExercise.Status.allCases {
            html += "<span><i style=\"background:\(Self.colors[status] ?? "#999")\"></i>\(escape(Self.labels[status] ?? status.rawValue))</span>"
        }
        html += "<span><i style=\"background:\(Self.notStartedColor)\"></i>not started</span>"
        html += "<span><i style=\"background:\(Self.skippedColor)\"></i>skipped</span>"
        html += "<span><i style=\"background:#fff;border:1px dashed #bbb\"></i>not graded</span>"
        html += "<span><i style=\"box-shadow: inset 0 0 0 2px #111\"></i>where the student is</span></div>\n"
        let exercises = summary.exercises
        let gaps = Set(exercises.indices.filter { $0 > 0 && exercises[$0 - 1].step != exercises[$0].step }.map { exercises[$0].id })
        func gap(_ id: String) -> String { gaps.contains(id) ? " gap" : "" }

        html += "<div class=\"scroll\">\n<table class=\"heat\">\n<thead>\n<tr class=\"steps\"><th class=\"corner\" rowspan=\"2\">student</th>"
        var steps: [(step: Int, first: String, count: Int)] = []
        for column in exercises {
            if let last = steps.last, last.step == column.step { steps[steps.count - 1].count += 1 } else { steps.append((column.step, column.id, 1)) }
        }
        for step in steps {
            html += "<th class=\"step\(gap(step.first))\" colspan=\"\(step.count)\">\(step.count > 1 ? "step " : "")\(step.step)</th>"
        }
        html += "<th rowspan=\"2\"></th><th rowspan=\"2\"></th></tr>\n<tr class=\"names\">"
        for column in exercises {
            html += "<th class=\"ex\(gap(column.id))\" title=\"step \(column.step): \(escape(column.title))\">\(escape(column.id))</th>"
        }
        html += "</tr>\n</thead>\n<tbody>\n"
        for student in summary.students {
            // ⚠ tampering (course files, tests, score), ⚑ a copied solution: two different things to check.
            var warn = student.isTampered ? " <span class=\"warn\" title=\"\(escape(student.anomalies.joined(separator: "; ")))\">⚠</span>" : ""
            if student.isCopied {
                warn += " <span class=\"warn\" title=\"close to the reference solution: \(escape(student.flagged.joined(separator: ", ")))\">⚑</span>"
            }
            html += "<tr><th class=\"student\" title=\"\(escape(student.label))\">\(escape(student.username))\(warn)</th>"
            for column in exercises {
                guard let cell = student.cells[column.id] else {
                    html += "<td class=\"cell none\(gap(column.id))\" title=\"\(escape(student.username)) · \(escape(column.id)): not graded\"></td>"
                    continue
                }
                let now = student.current == column.id ? " now" : ""
                let copied = student.flagged.contains(column.id)
                html +=
                    "<td class=\"cell\(gap(column.id))\(now)\" style=\"background:\(Self.color(cell))\" title=\"\(escape(student.username)) · \(escape(column.id)): \(escape(Self.label(cell)))\(copied ? " · close to the reference solution" : "")\">\(copied ? "⚑" : cell == .skipped ? "↷" : "")</td>"
            }
            html += "<td class=\"points\">\(student.points)/\(student.maxPoints)</td>"
            html +=
                "<td class=\"look\">\(escape(student.anomalies.first ?? ""))\(student.anomalies.count > 1 ? " (+\(student.anomalies.count - 1))" : "")</td></tr>\n"
        }
        html += "</tbody>\n<tfoot><tr><th>passed</th>"
        for column in exercises {
            html += "<td class=\"\(gap(column.id))\" title=\"\(column.passed) of \(column.attempted) passed \(escape(column.id))\">\(column.passed)</td>"
        }
        html += "<td class=\"points\">of \(summary.students.count)</td><td></td></tr></tfoot>\n</table>\n</div>\n"
        return html
    }

    /// Submissions that could not be graded: named at the top, with the reason, never dropped.
    private func failuresSection() -> String {
        guard !summary.failures.isEmpty else { return "" }
        var html = "<h2>Not graded</h2>\n<p class=\"sub\">No report: these submissions could not be read. Each is a student without a grade.</p>\n<ul>\n"
        for failure in summary.failures {
            html += "<li><strong class=\"warn\">\(escape(failure.label))</strong>: \(escape(failure.reason))</li>\n"
        }
        return html + "</ul>\n"
    }

    private func diagnosticsSection() -> String {
        var html =
            "<h2>Most common compile diagnostics</h2>\n<p class=\"sub\">In exercises students started (an untouched exercise's errors are the course's).</p>\n"
        guard !summary.diagnostics.isEmpty else { return html + "<p>No compile errors in started work.</p>\n" }
        html += "<ol>\n"
        for diagnostic in summary.diagnostics.prefix(10) {
            html +=
                "<li><strong>\(diagnostic.students) student\(diagnostic.students == 1 ? "" : "s")</strong> — <code>\(escape(diagnostic.example))</code></li>\n"
        }
        return html + "</ol>\n"
    }

    private func lookSection() -> String {
        let flagged = summary.students.filter { !$0.anomalies.isEmpty }
        guard !flagged.isEmpty else { return "" }
        var html = "<h2>To look at</h2>\n<p class=\"sub\">Evidence for a person, never a change of score.</p>\n<ul>\n"
        for student in flagged {
            html += "<li><strong>\(escape(student.username))</strong> (\(escape(student.label))): \(escape(student.anomalies.joined(separator: "; ")))</li>\n"
        }
        return html + "</ul>\n"
    }

    /// Everything this page shows comes from reports, which students' runs wrote.
    func escape(_ text: String) -> String {
        UntrustedText.markup(text)
    }
}
