/// The class summary as one HTML file with no outside resources (it must open from a folder,
/// offline): a heatmap of students × exercises, where the class is stuck, and the commonest
/// compile diagnostics.
struct ClassHeatmap {
    let summary: ClassSummary

    static let colors: [GradedExercise.Status: String] = [
        .passed: "#2e9e5b", .failed: "#d9534f", .compileError: "#e8833a", .timedOut: "#8e6bbf",
        .crashed: "#7a1f1f", .forbidden: "#3b3b98", .testsEdited: "#555555", .incompleteRun: "#b5179e",
    ]

    static let labels: [GradedExercise.Status: String] = [
        .passed: "passed", .failed: "tests failed", .compileError: "compile error", .timedOut: "timed out",
        .crashed: "crashed", .forbidden: "forbidden construct", .testsEdited: "tests edited", .incompleteRun: "not all tests ran",
    ]

    func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(summary.courseTitle)) — class summary</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; margin: 24px; color: #222; }
            h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
            .sub { color: #666; margin-bottom: 18px; }
            table.heat { border-collapse: collapse; }
            table.heat th, table.heat td { border: 1px solid #fff; padding: 0; }
            table.heat th.ex { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 500; padding: 6px 2px; white-space: nowrap; font-size: 12px; }
            table.heat th.student { text-align: left; padding: 2px 10px 2px 0; font-weight: 500; white-space: nowrap; }
            table.heat td.cell { width: 26px; height: 22px; text-align: center; color: #fff; font-size: 11px; }
            table.heat td.none { background: #eee; }
            table.heat td.points { padding: 0 8px; color: #444; white-space: nowrap; }
            table.heat tr.total td { background: #f6f6f6; color: #333; font-size: 11px; text-align: center; }
            .legend span { display: inline-block; margin-right: 14px; } .legend i { display: inline-block; width: 12px; height: 12px; margin-right: 5px; vertical-align: -1px; }
            ol li { margin: 3px 0; } code { background: #f3f3f3; padding: 1px 4px; border-radius: 3px; font-size: 13px; }
            .bar { display: inline-block; height: 10px; background: #d9534f; margin-right: 8px; vertical-align: 0; }
            </style>
            </head>
            <body>
            <h1>\(escape(summary.courseTitle)) — class summary</h1>
            <div class="sub">\(summary.students.count) students · \(summary.exercises.count) exercises</div>
            <div class="legend">
            """
        for status in GradedExercise.Status.allCases {
            html += "<span><i style=\"background:\(Self.colors[status] ?? "#999")\"></i>\(escape(Self.labels[status] ?? status.rawValue))</span>"
        }
        html += "<span><i style=\"background:#eee\"></i>not graded</span></div>\n<h2>Students × exercises</h2>\n<table class=\"heat\">\n<tr><th></th>"
        for column in summary.exercises {
            html += "<th class=\"ex\" title=\"\(escape(column.title))\">\(escape(column.id))</th>"
        }
        html += "<th></th></tr>\n"
        for student in summary.students {
            html += "<tr><th class=\"student\">\(escape(student.label))</th>"
            for column in summary.exercises {
                if let status = student.statuses[column.id] {
                    let flag = student.flagged.contains(column.id) ? "⚑" : ""
                    html +=
                        "<td class=\"cell\" style=\"background:\(Self.colors[status] ?? "#999")\" title=\"\(escape(student.label)) · \(escape(column.id)): \(escape(Self.labels[status] ?? status.rawValue))\(flag.isEmpty ? "" : " · close to the reference solution")\">\(flag)</td>"
                } else {
                    html += "<td class=\"cell none\"></td>"
                }
            }
            html += "<td class=\"points\">\(student.points)/\(student.maxPoints)</td></tr>\n"
        }
        html += "<tr class=\"total\"><td>passed</td>"
        for column in summary.exercises {
            html += "<td>\(column.passed)/\(column.attempted)</td>"
        }
        html += "<td></td></tr>\n</table>\n"

        let stuck = summary.stuck.prefix(8)
        html += "<h2>Where the class is stuck</h2>\n"
        if stuck.isEmpty {
            html += "<p>Every graded exercise has passed for every student.</p>\n"
        } else {
            let worst = max(1, stuck.map(\.notPassed).max() ?? 1)
            html += "<ol>\n"
            for column in stuck {
                html +=
                    "<li><span class=\"bar\" style=\"width:\(column.notPassed * 160 / worst)px\"></span><code>\(escape(column.id))</code> — \(column.notPassed) of \(column.attempted) student\(column.attempted == 1 ? "" : "s") \(column.notPassed == 1 ? "has" : "have") not passed it (step \(column.step): \(escape(column.title)))</li>\n"
            }
            html += "</ol>\n"
        }
        html += "<h2>Most common compile diagnostics</h2>\n"
        if summary.diagnostics.isEmpty {
            html += "<p>No compile errors in these reports.</p>\n"
        } else {
            html += "<ol>\n"
            for diagnostic in summary.diagnostics.prefix(10) {
                html +=
                    "<li><strong>\(diagnostic.students) student\(diagnostic.students == 1 ? "" : "s")</strong> — <code>\(escape(diagnostic.example))</code></li>\n"
            }
            html += "</ol>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
