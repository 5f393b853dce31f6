/// Many students' grade reports combined: who passed what, who is stuck where, which compile
/// diagnostics come up in work students actually did, and what looks wrong in a report. Built
/// by `actorlings class`; rendered as text, CSV or HTML.
public struct ClassSummary: Sendable, Equatable {
    /// What one student's grid cell shows. An exercise missing from a report is not graded.
    public enum Cell: Sendable, Equatable, Hashable {
        case graded(GradedExercise.Status)
        /// The learner's files are unchanged from the course: the shipped failure is not theirs.
        case notStarted
        /// The learner chose to skip the exercise for now.
        case skipped

        public var name: String {
            switch self {
            case .graded(let status): status.rawValue
            case .notStarted: "not-started"
            case .skipped: "skipped"
            }
        }
    }

    public struct Student: Sendable, Equatable {
        /// The repository (else the name): unique in a summary.
        public var label: String
        /// The GitHub user, when the repository name tells it, else the label.
        public var username: String
        public var name: String?
        public var cells: [String: Cell]
        /// Points the report's exercises add up to (not the report's own total: see `anomalies`).
        public var points: Int
        public var maxPoints: Int
        public var passed: Int
        /// The first exercise, in course order, that is neither passed nor skipped; nil when done.
        public var current: String?
        /// Exercises close to the reference solution.
        public var flagged: [String]
        /// Things in the report an instructor should look at, in words.
        public var anomalies: [String]

        /// Working on the current exercise without passing it (not merely not started yet).
        public var isStuck: Bool {
            guard let current, let cell = cells[current] else { return false }
            return cell != .notStarted
        }
    }

    public struct ExerciseColumn: Sendable, Equatable {
        public var id: String
        public var step: Int
        public var title: String
        public var passed: Int
        public var attempted: Int

        public var notPassed: Int { attempted - passed }
    }

    /// The students whose first unsolved exercise is this one.
    public struct Position: Sendable, Equatable {
        public var exercise: ExerciseColumn
        /// Started it and not passed: stuck here.
        public var stuck: [String]
        /// Passed everything before it and not started it yet.
        public var notStarted: [String]

        public var count: Int { stuck.count + notStarted.count }
    }

    public struct DiagnosticCount: Sendable, Equatable {
        public var key: String
        public var example: String
        public var students: Int
        public var occurrences: Int
    }

    public var courseTitle: String
    public var exercises: [ExerciseColumn]
    /// Least progress first: the students who need help are at the top.
    public var students: [Student]
    /// Most common compile diagnostics of exercises students started, by how many met them.
    public var diagnostics: [DiagnosticCount]

    /// Where a student's short name comes from.
    public enum Naming: Sendable {
        /// The report's repository (`actorlings class`, reading reports Classroom runs wrote).
        case repository
        /// The label alone (`class grade`: the instructor's argument), never the report's
        /// contents, so no submission can take another's name.
        case label
    }

    /// `reports` are (label, report) pairs; the label is usually the student's repository.
    public init(reports: [(label: String, report: GradeReport)], naming: Naming = .repository) {
        courseTitle = reports.first?.report.course.title ?? "Actorlings"
        var columns: [ExerciseColumn] = []
        var diagnosticStudents: [String: Set<String>] = [:]
        var diagnosticOccurrences: [String: Int] = [:]
        var examples: [String: String] = [:]
        for (label, report) in reports {
            for exercise in report.exercises {
                if let index = columns.firstIndex(where: { $0.id == exercise.id }) {
                    columns[index].attempted += 1
                    columns[index].passed += exercise.status == .passed ? 1 : 0
                } else {
                    columns.append(
                        ExerciseColumn(id: exercise.id, step: exercise.step, title: exercise.title, passed: exercise.status == .passed ? 1 : 0, attempted: 1))
                }
                // The shipped state's errors are the course's, not the learner's.
                guard exercise.status == .compileFailed, !exercise.isNotStarted, !exercise.isSkipped else { continue }
                for problem in exercise.problems where problem.message.hasPrefix("error:") || problem.message.hasPrefix("warning:") {
                    let key = problem.group.map { "[#\($0)]" } ?? Self.shape(of: problem.message)
                    diagnosticStudents[key, default: []].insert(label)
                    diagnosticOccurrences[key, default: 0] += 1
                    examples[key] = examples[key] ?? problem.message
                }
            }
        }
        // By step, keeping the order the reports listed them in within a step.
        let ordered = columns.enumerated().sorted { ($0.element.step, $0.offset) < ($1.element.step, $1.offset) }.map(\.element)
        self.exercises = ordered
        let usernames = Self.usernames(
            reports.map { label, report in
                (label, naming == .label ? GradeReport.Student(name: label, repository: label) : report.student)
            })
        let students = reports.map { label, report in
            Self.student(label: label, username: usernames[label] ?? label, report: report, order: ordered.map(\.id))
        }
        let position = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element.id, $0.offset) })
        self.students = students.sorted {
            let left = $0.current.flatMap { position[$0] } ?? ordered.count
            let right = $1.current.flatMap { position[$0] } ?? ordered.count
            return (left, $0.passed, $0.username) < (right, $1.passed, $1.username)
        }
        self.diagnostics = diagnosticStudents.map { key, who in
            DiagnosticCount(key: key, example: examples[key] ?? key, students: who.count, occurrences: diagnosticOccurrences[key] ?? 0)
        }.sorted {
            // Most students first; then errors before warnings; then a stable order.
            ($0.students, $0.occurrences, $0.example.hasPrefix("error:") ? 1 : 0, $1.key)
                > ($1.students, $1.occurrences, $1.example.hasPrefix("error:") ? 1 : 0, $0.key)
        }
    }

    /// Where the students are: for each exercise that is someone's first unsolved one, who is
    /// stuck on it and who has not started it; most stuck students first.
    public var positions: [Position] {
        exercises.compactMap { column -> Position? in
            let here = students.filter { $0.current == column.id }
            guard !here.isEmpty else { return nil }
            return Position(exercise: column, stuck: here.filter(\.isStuck).map(\.username), notStarted: here.filter { !$0.isStuck }.map(\.username))
        }.enumerated().sorted { ($0.element.stuck.count, $0.element.count, $1.offset) > ($1.element.stuck.count, $1.element.count, $0.offset) }
            .map(\.element)
    }

    /// The exercises at which at least one student is stuck, most stuck students first.
    public var stuck: [Position] { positions.filter { !$0.stuck.isEmpty } }

    public var finished: [Student] { students.filter { $0.current == nil } }

    static func student(label: String, username: String, report: GradeReport, order: [String]) -> Student {
        var cells: [String: Cell] = [:]
        for exercise in report.exercises {
            cells[exercise.id] = exercise.isSkipped ? .skipped : exercise.isNotStarted ? .notStarted : .graded(exercise.status)
        }
        let current = order.first { id in
            guard let cell = cells[id] else { return false }
            return cell != .graded(.passed) && cell != .skipped
        }
        return Student(
            label: label, username: username, name: report.student.name, cells: cells,
            points: report.exercises.reduce(0) { $0 + ($1.status == .passed ? $1.maxPoints : 0) },
            maxPoints: report.exercises.reduce(0) { $0 + $1.maxPoints },
            passed: report.exercises.filter { $0.status == .passed }.count, current: current,
            flagged: report.exercises.filter { $0.flags.contains("copied-solution") }.map(\.id), anomalies: anomalies(of: report))
    }

    /// What in a report does not add up or shows a change to the course: evidence for a person.
    public static func anomalies(of report: GradeReport) -> [String] {
        var found: [String] = []
        let points = report.exercises.reduce(0) { $0 + ($1.status == .passed ? $1.maxPoints : 0) }
        let maxPoints = report.exercises.reduce(0) { $0 + $1.maxPoints }
        let passed = report.exercises.filter { $0.status == .passed }.count
        let claimed = report.exercises.reduce(0) { $0 + $1.points }
        if report.totals.points != points || report.totals.maxPoints != maxPoints || report.totals.passed != passed || claimed != points {
            found.append(
                "score mismatch: the report says \(report.totals.points)/\(report.totals.maxPoints), its exercises add up to \(points)/\(maxPoints)")
        }
        let edited = report.exercises.filter { $0.status == .testsEdited }.map(\.id)
        if !edited.isEmpty { found.append("tests edited: " + edited.joined(separator: ", ")) }
        if let flags = report.submission?.flags, !flags.isEmpty {
            let files = flags.prefix(3).map { "\($0.file) (\($0.change.rawValue))" }.joined(separator: ", ")
            found.append("\(flags.count) course file\(flags.count == 1 ? "" : "s") changed: \(files)\(flags.count > 3 ? ", …" : "")")
        }
        let copied = report.exercises.filter { $0.flags.contains("copied-solution") }.map(\.id)
        if !copied.isEmpty { found.append("close to the reference solution: " + copied.joined(separator: ", ")) }
        let tampered = report.exercises.filter { $0.flags.contains(GradedExercise.cacheTamperedFlag) }.map(\.id)
        if !tampered.isEmpty {
            found.append("a cached compiled object was replaced (compiled again, never linked) while checking: " + tampered.joined(separator: ", "))
        }
        return found
    }

    /// GitHub Classroom names each copy `<assignment>-<user>`: the prefix every repository of
    /// the class shares is dropped. A lone report keeps its repository's own name.
    static func usernames(_ students: [(label: String, student: GradeReport.Student)]) -> [String: String] {
        func base(_ repository: String) -> String {
            var name = repository.split(separator: "/").last.map(String.init) ?? repository
            if name.hasSuffix(".git") { name.removeLast(4) }
            return name
        }
        let names = students.compactMap { $0.student.repository.map(base) }
        var prefix = ""
        if names.count > 1, names.count == students.count, let first = names.first {
            var common = Substring(first)
            for name in names.dropFirst() {
                while !name.hasPrefix(common) { common = common.dropLast() }
            }
            if let dash = common.lastIndex(of: "-") { prefix = String(common[...dash]) }
        }
        var out: [String: String] = [:]
        for (label, student) in students {
            if let repository = student.repository {
                let name = base(repository)
                out[label] = name.count > prefix.count ? String(name.dropFirst(prefix.count)) : name
            } else {
                out[label] = student.name ?? label
            }
        }
        return out
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
