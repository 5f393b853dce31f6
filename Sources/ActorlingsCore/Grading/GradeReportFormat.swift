public import Foundation

/// The formats `actorlings grade` writes. Pure: each turns a report into text.
public enum GradeReportFormat: String, Sendable, CaseIterable {
    case text, json, junit, github

    public func render(_ report: GradeReport, palette: Palette = .plain) -> String {
        switch self {
        case .text: GradeTextFormatter(palette: palette).render(report)
        case .json: Self.json(report)
        case .junit: JUnitFormatter().render(report)
        case .github: GitHubClassroomFormatter().render(report)
        }
    }

    static func json(_ report: GradeReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report) else { return "{}\n" }
        // The encoder escapes C0 controls; the others are escaped too, so the file is safe to `cat`.
        return UntrustedText.escapingInJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// GitHub Classroom's result when grading could not finish: zero points and the reason.
    public static func githubFailure(reason: String, maxScore: Int) -> String {
        GitHubClassroomFormatter.failure(reason: reason, maxScore: maxScore)
    }

    /// Reads a JSON report back, e.g. for `actorlings class`.
    public static func decode(_ data: Data) throws -> GradeReport {
        try JSONDecoder().decode(GradeReport.self, from: data)
    }
}

/// The report for people, and for the log of a CI job. Names, reasons and file names come
/// from the submission (or, read back by `class`, from a file a student's run wrote): each is
/// shown through ``UntrustedText`` before the palette adds its own escapes.
struct GradeTextFormatter {
    var palette: Palette

    func render(_ report: GradeReport) -> String {
        let show = UntrustedText.line
        let release = report.course.release.map { " (release \($0))" } ?? ""
        var out = [palette.apply(.bold, show("\(report.course.title) \(report.course.version)\(release)")) + " — grade"]
        if let who = [report.student.name, report.student.repository].compactMap({ $0 }).first {
            out.append("Student: \(show(who))" + (report.student.commit.map { " at \(show(String($0.prefix(12))))" } ?? ""))
        }
        if let sandbox = report.sandbox, sandbox.status != "enforced" {
            out.append(palette.apply(.yellow, "Tests ran \(sandbox.detail): learner code had the grader's access to this machine."))
        }
        out.append("")
        let width = min(40, (report.exercises.map(\.id.count).max() ?? 10) + 2)
        for exercise in report.exercises {
            let mark = exercise.status == .passed ? palette.apply(.green, "✔") : palette.apply(.red, "✘")
            let points = "\(exercise.points)/\(exercise.maxPoints)".padded(to: 7)
            var line = "\(mark) \(show(exercise.id).padded(to: width))\(points)\(exercise.status.rawValue): \(show(exercise.reason))"
            if !exercise.flags.isEmpty { line += palette.apply(.yellow, "  [\(show(exercise.flags.joined(separator: ", ")))]") }
            out.append(line)
        }
        out.append("")
        let score = String(format: "%.0f", report.score)
        out.append(
            palette.apply(.bold, "\(report.totals.points)/\(report.totals.maxPoints) points")
                + " (\(score)%), \(report.totals.passed) of \(report.totals.exercises) exercises passed")
        if let flags = report.submission?.flags, !flags.isEmpty {
            out.append("")
            out.append(palette.apply(.yellow, "Differs from the course (for the instructor; not part of the grade):"))
            for flag in flags.prefix(40) {
                out.append("  \(flag.change.rawValue.padded(to: 11))\(show(flag.file))")
            }
            if flags.count > 40 { out.append("  … and \(flags.count - 40) more (all in the JSON report)") }
        }
        return out.joined(separator: "\n") + "\n"
    }
}

/// JUnit XML as CI systems read it, valid against the Apache Ant JUnit schema that Jenkins,
/// GitLab and most report viewers follow: one `<testsuite>` per step (with the `package`, `id`,
/// `hostname`, zone-less `timestamp`, `properties`, `system-out` and `system-err` the schema
/// requires), one `<testcase>` per exercise, failures with a message and the details as text.
/// Points are suite properties (the schema gives a test case none): the step's `points` and
/// `max_points`, the report's `total_points` and `total_max_points`, and `points.<id>` per
/// exercise as `points/max`. Everything is escaped.
struct JUnitFormatter {
    func render(_ report: GradeReport) -> String {
        // The schema's timestamp has no zone; the report's is UTC.
        let timestamp = report.generatedAt.hasSuffix("Z") ? String(report.generatedAt.dropLast()) : report.generatedAt
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        let steps = Dictionary(grouping: report.exercises, by: \.step).sorted { $0.key < $1.key }
        for (index, (step, exercises)) in steps.enumerated() {
            let failures = exercises.filter { $0.status != .passed }.count
            let time = String(format: "%.3f", exercises.reduce(0) { $0 + $1.durationSeconds })
            xml +=
                "  <testsuite package=\"actorlings\" id=\"\(index)\" name=\"step \(step)\" timestamp=\"\(escape(timestamp))\" hostname=\"localhost\" tests=\"\(exercises.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
            xml += "    <properties>\n"
            xml += "      <property name=\"course\" value=\"\(escape(report.course.title + " " + report.course.version))\"/>\n"
            xml += "      <property name=\"toolchain\" value=\"\(escape(report.toolchain))\"/>\n"
            if let student = report.student.repository ?? report.student.name {
                xml += "      <property name=\"student\" value=\"\(escape(student))\"/>\n"
            }
            // Points as the JSON report has them: this step's, and the whole report's.
            let points = exercises.reduce(0) { $0 + $1.points }
            let maxPoints = exercises.reduce(0) { $0 + $1.maxPoints }
            xml += "      <property name=\"points\" value=\"\(points)\"/>\n"
            xml += "      <property name=\"max_points\" value=\"\(maxPoints)\"/>\n"
            xml += "      <property name=\"total_points\" value=\"\(report.totals.points)\"/>\n"
            xml += "      <property name=\"total_max_points\" value=\"\(report.totals.maxPoints)\"/>\n"
            for exercise in exercises {
                xml += "      <property name=\"points.\(escape(exercise.id))\" value=\"\(exercise.points)/\(exercise.maxPoints)\"/>\n"
            }
            xml += "    </properties>\n"
            for exercise in exercises {
                xml +=
                    "    <testcase classname=\"actorlings.step\(step)\" name=\"\(escape(exercise.id))\" time=\"\(String(format: "%.3f", exercise.durationSeconds))\""
                guard exercise.status != .passed else {
                    xml += "/>\n"
                    continue
                }
                let details = exercise.problems.map { problem in
                    [problem.file.map { "\($0)\(problem.line.map { ":\($0)" } ?? ""): " }, problem.message].compactMap { $0 }.joined()
                }.joined(separator: "\n")
                xml +=
                    ">\n      <failure message=\"\(escape(exercise.reason))\" type=\"\(exercise.status.rawValue)\">\(escape(details, lines: true))</failure>\n    </testcase>\n"
            }
            // Flags are not failures; the schema allows free text only at the suite's end.
            let flags = exercises.filter { !$0.flags.isEmpty }.map { "\($0.id): \($0.flags.joined(separator: ", "))" }
            xml += "    <system-out>\(escape(flags.joined(separator: "\n"), lines: true))</system-out>\n    <system-err></system-err>\n  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// A report read back by `class` is a student's file, and a CI job may print this one.
    /// `lines` keeps line breaks (details).
    func escape(_ text: String, lines: Bool = false) -> String {
        UntrustedText.markup(text, lines: lines)
    }
}

/// What GitHub Classroom's autograding reporter reads from a runner: a JSON object with a
/// status, a maximum score and one entry per test with its score. The workflow base64-encodes
/// it into the runner's `result` output (see Documentation/Classroom.md).
///
/// The reporter shows two totals: the dashboard sums the tests' `score`, while the log the
/// student reads prints passed ÷ total × `max_score`. They agree only when every test is worth
/// the same, so an exercise worth N points is N tests of one point each ("(1/3)", "(2/3)", …),
/// all passing or all failing; an exercise worth nothing is left out.
struct GitHubClassroomFormatter {
    func render(_ report: GradeReport) -> String {
        var object: [String: Any] = [
            "version": 1,
            "status": report.allPassed ? "pass" : "fail",
            // The whole course's maximum: steps pacing keeps closed count as not yet earned, so
            // the maximum a student sees never moves when a step opens.
            "max_score": report.totals.maxPoints + (report.opensLater ?? []).reduce(0) { $0 + $1.maxPoints },
        ]
        let closed = (report.opensLater ?? []).flatMap { exercise -> [[String: Any]] in
            (0..<exercise.maxPoints).map { part -> [String: Any] in
                [
                    "name": UntrustedText.line("\(exercise.id) — \(exercise.title)") + (exercise.maxPoints > 1 ? " (\(part + 1)/\(exercise.maxPoints))" : ""),
                    "status": "fail", "score": 0, "message": "opens later (step \(exercise.step))",
                    "test_code": UntrustedText.line("actorlings grade --only \(exercise.id)"), "filename": "", "line_no": 0, "execution_time": "0.00s",
                ]
            }
        }
        object["tests"] =
            closed
            + report.exercises.flatMap { exercise -> [[String: Any]] in
                (0..<exercise.maxPoints).map { part -> [String: Any] in
                    // The reporter prints these in the student's job log.
                    let name = UntrustedText.line("\(exercise.id) — \(exercise.title)") + (exercise.maxPoints > 1 ? " (\(part + 1)/\(exercise.maxPoints))" : "")
                    return [
                        "name": name,
                        "status": exercise.status == .passed ? "pass" : "fail",
                        "score": exercise.status == .passed ? 1 : 0,
                        "message": UntrustedText.line(exercise.reason + (exercise.flags.isEmpty ? "" : " [\(exercise.flags.joined(separator: ", "))]")),
                        "test_code": UntrustedText.line("actorlings grade --only \(exercise.id)"),
                        "filename": "",
                        "line_no": 0,
                        "execution_time": String(format: "%.2fs", exercise.durationSeconds),
                    ]
                }
            }
        return Self.encode(object)
    }

    /// What the reporter gets when grading itself failed: zero points, with the reason, so that
    /// Classroom always records a result (an empty result fails with "Unexpected end of JSON input").
    static func failure(reason: String, maxScore: Int) -> String {
        encode([
            "version": 1,
            "status": "error",
            "max_score": maxScore,
            "tests": [
                [
                    "name": "grading", "status": "error", "score": 0, "message": UntrustedText.line(reason),
                    "test_code": "actorlings grade", "filename": "", "line_no": 0, "execution_time": "0.00s",
                ] as [String: Any]
            ],
        ])
    }

    private static func encode(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return UntrustedText.escapingInJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}
