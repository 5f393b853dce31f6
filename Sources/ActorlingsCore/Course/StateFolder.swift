/// Every path inside `.actorlings/`, the folder where Actorlings keeps what it makes in a
/// checkout: progress, build products, backups, the lock, what `update` and `dev check` keep.
/// Nothing else names one of these paths; a message that shows one to a person uses
/// ``relative(_:)``-style names from here too.
///
/// Learner files are never here, and nothing here is course content: grading ignores the folder
/// in a submission, and `update` never touches it.
public struct StateFolder: Sendable, Equatable {
    /// The folder's name in a checkout.
    public static let name = ".actorlings"

    /// The checkout's root.
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// The folder itself.
    public var path: String { "\(root)/\(Self.name)" }

    // MARK: Learner state

    /// Which exercises passed, the hints taken, skips: `progress.json`.
    public var progress: String { path + "/" + Self.progressName }
    public static let progressName = "progress.json"
    /// The progress file as a submission holds it, relative to the checkout.
    public static let relativeProgress = "\(name)/\(progressName)"

    /// Held for the moment of reading, changing and writing the progress file, so that two
    /// writers never lose each other's change.
    public var progressLock: String { path + "/progress.lock" }

    /// The lock one command at a time holds while it changes the checkout.
    public var lock: String { path + "/actorlings.lock" }

    /// Build products of the learner's checks: always safe to delete.
    public var build: String { path + "/build" }
    public func build(_ exerciseID: String) -> String { "\(build)/\(exerciseID)" }

    /// Backups made before anything overwrites a learner's file, one folder per exercise.
    public func backups(_ exerciseID: String) -> String { "\(path)/backups/\(exerciseID)" }
    /// The same, relative to the checkout, as messages show it.
    public static func relativeBackups(_ exerciseID: String) -> String { "\(name)/backups/\(exerciseID)" }

    // MARK: Updates

    /// Where the course came from, for `update`.
    public static let relativeUpstream = "\(name)/upstream"
    /// What `update` replaced, kept for `update --undo`.
    public static let relativeUpdates = "\(name)/updates"

    // MARK: Grading and the course check

    /// Releases of the trusted course read from its git history, one folder per commit.
    public var releases: String { path + "/releases" }

    /// Test objects compiled from the trusted course, shared by every grade of this checkout.
    public var trustedTestObjects: String { path + "/test-objects" }

    /// `dev check`'s build folders, kept between runs.
    public var devCheck: String { path + "/dev-check" }
    public func devCheck(_ exerciseID: String) -> String { "\(devCheck)/\(exerciseID)" }
    /// Test objects `dev check` shares between the versions of an exercise it checks.
    public var devCheckTestObjects: String { devCheck + "/test-objects" }
    /// `dev generate`'s build folders.
    public func devGenerate(_ exerciseID: String) -> String { "\(path)/dev-generate/\(exerciseID)" }
}
