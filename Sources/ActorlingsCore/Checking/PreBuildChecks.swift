/// What is decided about an exercise's files before anything compiles: protected files that
/// differ from what the course shipped, and learner files that cannot be used as they are.
/// Runtime reads the files and hands over what it found; the decisions and the words are here.
public enum PreBuildChecks {
    /// Files of the learner's above this are refused before anything compiles: an exercise file
    /// is a few KB, and compiling a huge one would take minutes.
    public static let sourceSizeLimit = 1 << 20

    /// The paths an exercise protects: its shipped and declared tests, protected sources,
    /// mutants (a write-tests exercise) and the course's support modules — everything that
    /// decides a verdict — less the learner's own files.
    public static func protectedPaths(of exercise: Exercise, shipped: ShippedFiles) -> [String] {
        let prefix = exercise.testsPath + "/"
        let shippedTests = shipped.ids.keys.filter { $0.hasPrefix(prefix) }
        guard !shippedTests.isEmpty else { return [] }
        return Set(shippedTests).union(exercise.testPaths).union(exercise.protectedPaths).union(exercise.mutantPaths)
            .union(exercise.supportModules.flatMap(\.files))
            .subtracting(exercise.sourcePaths)
            .sorted()
    }

    /// Protected files that differ from the shipped ones, were deleted, or were added.
    ///
    /// - Parameter blobID: the git blob id of the file at a path as it is now; nil when it is
    ///   missing or unreadable.
    public static func editedProtectedFiles(of exercise: Exercise, shipped: ShippedFiles, blobID: (String) -> String?) -> [String] {
        protectedPaths(of: exercise, shipped: shipped).filter { path in
            guard let expected = shipped.ids[path], let found = blobID(path) else { return true }
            return found != expected
        }
    }

    /// A learner file as Runtime found it.
    public enum FileState: Sendable, Equatable {
        case readable
        case missing
        case tooLarge(bytes: Int)
    }

    /// Why a learner file cannot be used, as a diagnostic at the file that says how to restore
    /// it; nil when it can be used.
    public static func problem(with state: FileState, at relativePath: String, exerciseID: String) -> Diagnostic? {
        let message: String
        switch state {
        case .readable:
            return nil
        case .missing:
            message = "\(relativePath) is missing or unreadable; restore it with `actorlings reset \(exerciseID)`"
        case .tooLarge(let bytes):
            message = "\(relativePath) is \(bytes >> 20) MB, and an exercise file is a few KB; restore it with `actorlings reset \(exerciseID)`"
        }
        return Diagnostic(severity: .error, file: relativePath, message: message)
    }
}
