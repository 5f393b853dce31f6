public import Foundation

/// Where the learner stands: the current exercise, what passed or was skipped, how many hints
/// were shown.
///
/// It is a convenience, never a record to trust: grading re-checks everything, and a lost or
/// corrupt file is rebuilt by checking again. Stored as `.actorlings/progress.json`.
public struct LearnerProgress: Codable, Sendable, Equatable {
    /// Format 2 added the `skipped` status; a file without a skip is still written as format 1,
    /// so an older Actorlings goes on reading and writing it.
    public static let currentFormat = 2

    public var format: Int
    public var current: String?
    public var exercises: [String: ExerciseProgress]

    public init(current: String? = nil, exercises: [String: ExerciseProgress] = [:]) {
        self.format = Self.currentFormat
        self.current = current
        self.exercises = exercises
    }

    public func isPassed(_ id: String) -> Bool {
        exercises[id]?.status == .passed
    }

    /// Whether the learner chose to move on from `id` without passing it.
    public func isSkipped(_ id: String) -> Bool {
        exercises[id]?.status == .skipped
    }

    /// Passed, or deliberately skipped: the journey goes on past it.
    public func isDone(_ id: String) -> Bool {
        isPassed(id) || isSkipped(id)
    }

    /// Records a deliberate skip of an exercise that has not passed (a passed one stays passed).
    public mutating func skip(_ id: String) {
        var entry = exercises[id] ?? ExerciseProgress()
        guard entry.status != .passed else { return }
        entry.status = .skipped
        exercises[id] = entry
    }

    /// The lowest format that can hold this progress (see `currentFormat`).
    public var neededFormat: Int {
        exercises.values.contains { $0.status == .skipped } ? 2 : 1
    }

    /// Records a check's result; a skipped exercise that still fails stays skipped.
    public mutating func record(_ verdict: Verdict) {
        var entry = exercises[verdict.exerciseID] ?? ExerciseProgress()
        entry.status = verdict.outcome.isPassed ? .passed : entry.status == .skipped ? .skipped : .failing
        entry.lastOutcome = verdict.outcome.kind.rawValue
        entry.lastVerdict = VerdictFacts(verdict)
        exercises[verdict.exerciseID] = entry
    }

    /// The first exercise in course order that has neither passed nor been skipped, or nil
    /// when there is none.
    public func firstUnfinished(in course: Course) -> Exercise? {
        course.availableExercises.first { !isDone($0.id) }
    }

    /// The exercise to go on to from `id`: the first unfinished one after it, else the first
    /// unfinished one before it (one skipped or left failing on the way); nil when every other
    /// available exercise is passed or skipped. "Next" never walks into work already done.
    public func nextUnfinished(after id: String, in course: Course) -> Exercise? {
        let all = course.availableExercises
        let index = all.firstIndex { $0.id == id } ?? -1
        let after = all.dropFirst(index + 1).first { !isDone($0.id) }
        return after ?? all.prefix(max(index, 0)).first { !isDone($0.id) && $0.id != id }
    }

    /// The current exercise while it is unfinished; once it passes or is skipped (or when it is
    /// no longer part of the course), the first unfinished one.
    public func currentExercise(in course: Course) -> Exercise? {
        if let current, let exercise = course.exercise(id: current), !isDone(current), course.isAvailable(exercise) {
            return exercise
        }
        return firstUnfinished(in: course) ?? course.availableExercises.last
    }
}

public struct ExerciseProgress: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case failing, passed
        /// The learner moved on without passing (format 2).
        case skipped
    }

    public var status: Status
    public var lastOutcome: String?
    public var hintsShown: Int
    /// What the last check said, so hints can follow the code as it is now. Absent in files
    /// written before hints followed the verdict; optional, so the format is unchanged.
    public var lastVerdict: VerdictFacts?
    /// Indexes of the exercise's verdict hints already shown.
    public var verdictHintsSeen: [Int]?

    public init(status: Status = .failing, lastOutcome: String? = nil, hintsShown: Int = 0) {
        self.status = status
        self.lastOutcome = lastOutcome
        self.hintsShown = hintsShown
    }
}

extension ExerciseProgress {
    /// What the learner has been shown of the exercise's hints.
    public var hintState: HintChooser.State {
        get { HintChooser.State(ladderShown: hintsShown, verdictHintsSeen: Set(verdictHintsSeen ?? [])) }
        set {
            hintsShown = newValue.ladderShown
            verdictHintsSeen = newValue.verdictHintsSeen.isEmpty ? nil : newValue.verdictHintsSeen.sorted()
        }
    }
}

/// Decoding a progress file: either a usable value or a reason it was not usable.
public enum ProgressDecoding {
    public enum Result: Sendable, Equatable {
        case decoded(LearnerProgress)
        /// Written by a newer Actorlings: use it read-only so it is not clobbered.
        case newer(format: Int)
        case corrupt(reason: String)
    }

    public static func decode(_ data: Data) -> Result {
        if data.isEmpty { return .corrupt(reason: "the file is empty") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .corrupt(reason: "it is not valid JSON")
        }
        guard let format = object["format"] as? Int else {
            return .corrupt(reason: "it has no \"format\" number")
        }
        if format > LearnerProgress.currentFormat { return .newer(format: format) }
        do {
            // In memory every progress is the current format; `encode` writes the lowest that holds it.
            var progress = try JSONDecoder().decode(LearnerProgress.self, from: data)
            progress.format = LearnerProgress.currentFormat
            return .decoded(progress)
        } catch {
            return .corrupt(reason: "it does not have the expected fields")
        }
    }

    public static func encode(_ progress: LearnerProgress) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var progress = progress
        progress.format = progress.neededFormat
        return (try? encoder.encode(progress)) ?? Data("{\"format\":1,\"exercises\":{}}".utf8)
    }
}
