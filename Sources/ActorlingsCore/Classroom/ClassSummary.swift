/// Many students' grade reports combined: who passed what, where the class is stuck, and which
/// compile diagnostics come up most. Built by `actorlings class`; rendered as text, CSV or HTML.
public struct ClassSummary: Sendable, Equatable {
    public struct Student: Sendable, Equatable {
        public var label: String
        public var statuses: [String: GradedExercise.Status]
        public var points: Int
        public var maxPoints: Int
        public var flagged: [String]
    }

    public struct ExerciseColumn: Sendable, Equatable {
        public var id: String
        public var step: Int
        public var title: String
        public var passed: Int
        public var attempted: Int

        public var notPassed: Int { attempted - passed }
    }

    public struct DiagnosticCount: Sendable, Equatable {
        public var key: String
        public var example: String
        public var students: Int
        public var occurrences: Int
    }

    public var courseTitle: String
    public var exercises: [ExerciseColumn]
    public var students: [Student]
    /// Most common compile diagnostics first (by how many students met them).
    public var diagnostics: [DiagnosticCount]

    /// `reports` are (label, report) pairs; the label is usually the student's repository.
    public init(reports: [(label: String, report: GradeReport)]) {
        courseTitle = reports.first?.report.course.title ?? "Actorlings"
        var columns: [ExerciseColumn] = []
        var students: [Student] = []
        var diagnosticStudents: [String: Set<String>] = [:]
        var diagnosticOccurrences: [String: Int] = [:]
        var examples: [String: String] = [:]
        for (label, report) in reports {
            var statuses: [String: GradedExercise.Status] = [:]
            for exercise in report.exercises {
                statuses[exercise.id] = exercise.status
                if let index = columns.firstIndex(where: { $0.id == exercise.id }) {
                    columns[index].attempted += 1
                    columns[index].passed += exercise.status == .passed ? 1 : 0
                } else {
                    columns.append(
                        ExerciseColumn(id: exercise.id, step: exercise.step, title: exercise.title, passed: exercise.status == .passed ? 1 : 0, attempted: 1))
                }
                guard exercise.status == .compileError else { continue }
                for problem in exercise.problems where problem.message.hasPrefix("error:") || problem.message.hasPrefix("warning:") {
                    let key = problem.group.map { "[#\($0)]" } ?? Self.shape(of: problem.message)
                    diagnosticStudents[key, default: []].insert(label)
                    diagnosticOccurrences[key, default: 0] += 1
                    examples[key] = examples[key] ?? problem.message
                }
            }
            students.append(
                Student(
                    label: label, statuses: statuses, points: report.totals.points, maxPoints: report.totals.maxPoints,
                    flagged: report.exercises.filter { $0.flags.contains("copied-solution") }.map(\.id)))
        }
        // By step, keeping the order the reports listed them in within a step.
        self.exercises = columns.enumerated().sorted { ($0.element.step, $0.offset) < ($1.element.step, $1.offset) }.map(\.element)
        self.students = students.sorted { $0.label < $1.label }
        self.diagnostics = diagnosticStudents.map { key, who in
            DiagnosticCount(key: key, example: examples[key] ?? key, students: who.count, occurrences: diagnosticOccurrences[key] ?? 0)
        }.sorted {
            // Most students first; then errors before warnings; then a stable order.
            ($0.students, $0.occurrences, $0.example.hasPrefix("error:") ? 1 : 0, $1.key)
                > ($1.students, $1.occurrences, $1.example.hasPrefix("error:") ? 1 : 0, $0.key)
        }
    }

    /// The exercises most students have not passed, worst first.
    public var stuck: [ExerciseColumn] {
        exercises.filter { $0.notPassed > 0 }.sorted { ($0.notPassed, $1.step) > ($1.notPassed, $0.step) }
    }

    /// A message with its quoted names removed, so "property 'a'" and "property 'b'" count as one.
    public static func shape(of message: String) -> String {
        var out = ""
        var inQuote = false
        for character in message {
            if character == "'" {
                if !inQuote { out += "'…'" }
                inQuote.toggle()
            } else if !inQuote {
                out.append(character)
            }
        }
        return out
    }
}
