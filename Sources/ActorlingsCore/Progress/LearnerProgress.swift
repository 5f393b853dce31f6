public import Foundation

/// Where the learner stands: the current exercise, what passed, how many hints were shown.
///
/// It is a convenience, never a record to trust: grading re-checks everything, and a lost or
/// corrupt file is rebuilt by checking again. Stored as `.actorlings/progress.json`.
public struct LearnerProgress: Codable, Sendable, Equatable {
    public static let currentFormat = 1

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

    public mutating func record(_ verdict: Verdict) {
        var entry = exercises[verdict.exerciseID] ?? ExerciseProgress()
        entry.status = verdict.outcome.isPassed ? .passed : .failing
        entry.lastOutcome = verdict.outcome.kind
        entry.lastVerdict = VerdictFacts(verdict)
        exercises[verdict.exerciseID] = entry
    }

    /// The first exercise in course order that has not passed, or nil when all have.
    public func firstUnfinished(in course: Course) -> Exercise? {
        course.availableExercises.first { !isPassed($0.id) }
    }

    /// The current exercise while it is unfinished; once it passes (or when it is no longer
    /// part of the course), the first unfinished one.
    public func currentExercise(in course: Course) -> Exercise? {
        if let current, let exercise = course.exercise(id: current), !isPassed(current), course.isAvailable(exercise) {
            return exercise
        }
        return firstUnfinished(in: course) ?? course.availableExercises.last
    }
}

public struct ExerciseProgress: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case failing, passed
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
            return .decoded(try JSONDecoder().decode(LearnerProgress.self, from: data))
        } catch {
            return .corrupt(reason: "it does not have the expected fields")
        }
    }

    public static func encode(_ progress: LearnerProgress) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(progress)) ?? Data("{\"format\":1,\"exercises\":{}}".utf8)
    }
}
