public import ActorlingsCore
import Foundation

/// One version of the trusted course, as grading judges a submission by it: its tests, exercise
/// list, points, pacing and settings (`course`, read from `root`), the blob ids it shipped, and
/// the files a submission is compared with.
public struct CourseRelease: Sendable {
    /// The tag or commit it was asked for (`v1`); nil for the trusted checkout as it is.
    public let ref: String?
    /// Where its files are: the trusted checkout itself, or a folder of the checkout's own
    /// (`.actorlings/releases/<commit>`) holding that commit's tree, read from git as data.
    public let root: String
    public let course: Course
    public let shipped: ShippedFiles
    /// Every file of this version of the course, relative to `root`.
    public let files: Set<String>

    public init(ref: String?, root: String, course: Course, shipped: ShippedFiles, files: Set<String>) {
        self.ref = ref
        self.root = root
        self.course = course
        self.shipped = shipped
        self.files = files
    }

    /// The same checker (toolchain, sandbox, the shared folder of compiled tests) judging by this
    /// version's tests and settings. A test object's name hashes its tests' paths and contents,
    /// so objects of different versions never mix in the shared folder.
    public func checker(like base: ExerciseChecker) -> ExerciseChecker {
        guard root != base.root else { return base }
        var checker = ExerciseChecker(root: root, course: course, shipped: shipped, builder: base.builder)
        checker.testObjectCache = base.testObjectCache
        checker.replaySeed = base.replaySeed
        return checker
    }
}

/// A release that exists but could not be read: what went wrong, for the instructor.
public struct CourseReleaseError: Error, Sendable, CustomStringConvertible {
    public var ref: String
    public var problem: String

    public var description: String { "the course release \(ref) \(problem)" }
}

/// The releases of the trusted course at `root`, each read once from its own git history.
///
/// A submission is data, and so is its copy of the tests: a release's files come only from the
/// trusted repository's objects (`git archive` of the commit, every git run with ``Git``'s safe
/// settings), into a folder of the checkout's own that no test run can read or write (the
/// sandbox grants neither). The folder is kept between runs, so the compiled tests in
/// `.actorlings/test-objects` are found again; before each use every file in it is checked
/// against the commit's blob ids, and a folder that differs is made again.
public actor CourseReleases {
    public let root: String
    let git: Git?
    /// The trusted checkout as it is.
    public nonisolated let checkout: CourseRelease
    /// Commit → its release, being read or read; one reading per commit however many submissions ask.
    private var reading: [String: Task<CourseRelease, any Error>] = [:]

    /// - Parameter checkout: the trusted checkout as it is, judged by when no release is named.
    public init(checkout: CourseRelease, git: Git?) {
        self.root = checkout.root
        self.git = git
        self.checkout = checkout
    }

    /// Whether releases can be read at all: git is on the PATH and the checkout is a repository
    /// (a course downloaded without its history has only itself).
    public nonisolated var readsHistory: Bool {
        git != nil && FileManager.default.fileExists(atPath: root + "/.git")
    }

    /// The release `ref` names in the trusted checkout, or nil when it has no such tag or
    /// commit. When `ref` is the checkout's own commit and its course files are as committed,
    /// the checkout itself (nothing to read again); otherwise that commit's tree.
    public func release(_ ref: String) async throws -> CourseRelease? {
        guard let git, let commit = await git.commit(of: ref, in: root) else { return nil }
        let task: Task<CourseRelease, any Error>
        if let known = reading[commit] {
            task = known
        } else {
            // Registered before any suspension: a second caller for this commit waits for this reading.
            let (root, checkout) = (root, checkout)
            task = Task { try await Self.read(commit, in: root, checkout: checkout, git: git) }
            reading[commit] = task
        }
        let release = try await task.value
        return CourseRelease(ref: ref, root: release.root, course: release.course, shipped: release.shipped, files: release.files)
    }

    /// Where releases are kept, below the trusted checkout's private state.
    public static func folder(in root: String) -> String { StateFolder(root: root).releases }

    private static func read(_ commit: String, in root: String, checkout: CourseRelease, git: Git) async throws -> CourseRelease {
        if await git.commit(of: "HEAD", in: root) == commit, await isCommitted(root, git: git) { return checkout }
        guard let listing = await git.files(of: commit, in: root) else {
            throw CourseReleaseError(ref: commit, problem: "could not be listed (`git ls-tree \(commit)` failed)")
        }
        let expected = listing.filter { path, _ in !path.split(separator: "/").contains { SubmissionTree.isIgnored(String($0)) } }
        let folder = try await extract(commit, expected: expected, root: root, git: git)
        let files = LocalCourseFiles(root: folder)
        let course: Course
        let shipped: ShippedFiles
        do {
            course = try CourseLoader(files: files, strict: false).load()
            if case .text(let text) = files.read(ShippedFiles.path) { shipped = try ShippedFiles(parsing: text) } else { shipped = ShippedFiles() }
        } catch {
            throw CourseReleaseError(ref: commit, problem: "does not load: \(error)")
        }
        return CourseRelease(ref: commit, root: folder, course: course, shipped: shipped, files: Set(expected.keys))
    }

    /// True when the checkout's course files (`Exercises/`, `Solutions/`) are exactly as
    /// committed: nothing changed, added or deleted there.
    private static func isCommitted(_ root: String, git: Git) async -> Bool {
        guard
            let status = try? await git.run(
                ["status", "--porcelain", "-z", "--untracked-files=all", "--", "Exercises", "Solutions"], in: root, timeLimit: .seconds(60))
        else { return false }
        return status.succeeded && status.standardOutput.isEmpty
    }

    /// The folder holding `commit`'s tree: the kept one when every file in it is as the commit
    /// has it, else a fresh extraction (`git archive`, unpacked by `tar`) put in its place.
    private static func extract(_ commit: String, expected: [String: String], root: String, git: Git) async throws -> String {
        let releases = folder(in: root)
        let kept = releases + "/" + commit
        if holds(kept, exactly: expected) { return kept }
        let incoming = releases + "/.incoming-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: incoming, withIntermediateDirectories: true)
        let archive = incoming + ".tar"
        defer { try? FileManager.default.removeItem(atPath: archive) }
        let written = try await git.run(["archive", "--format=tar", "-o", archive, commit], in: root, timeLimit: .seconds(120))
        guard written.succeeded else {
            try? FileManager.default.removeItem(atPath: incoming)
            throw CourseReleaseError(ref: commit, problem: "could not be read from git (`git archive`: \(written.problem))")
        }
        guard let tar = ExecutableSearch.find("tar", environment: git.environment) else {
            try? FileManager.default.removeItem(atPath: incoming)
            throw CourseReleaseError(ref: commit, problem: "could not be unpacked: `tar` is not on the PATH")
        }
        let unpacked = try await Subprocess.run(
            ProcessRequest(
                executable: tar, arguments: ["-x", "--no-same-owner", "-f", archive, "-C", incoming], environment: git.environment,
                timeLimit: .seconds(120)))
        guard unpacked.termination == .exited(0), holds(incoming, exactly: expected) else {
            try? FileManager.default.removeItem(atPath: incoming)
            throw CourseReleaseError(
                ref: commit,
                problem:
                    "did not unpack as committed (tar: \(unpacked.output.prefix(200))); a `.gitattributes` with `export-ignore` or `export-subst` changes what `git archive` gives"
            )
        }
        // Put in place by renames; a stale folder is moved aside first. A grade that put a good one
        // there meanwhile keeps it (it may be using it); should a rename fail, this run uses its own.
        if holds(kept, exactly: expected) {
            try? FileManager.default.removeItem(atPath: incoming)
            return kept
        }
        if FileManager.default.fileExists(atPath: kept) {
            let stale = releases + "/.stale-\(UUID().uuidString)"
            if (try? FileManager.default.moveItem(atPath: kept, toPath: stale)) != nil { try? FileManager.default.removeItem(atPath: stale) }
        }
        guard (try? FileManager.default.moveItem(atPath: incoming, toPath: kept)) != nil else { return incoming }
        return kept
    }

    /// True when `folder` holds exactly `expected`'s files (path → blob id), each with its content
    /// (a link the commit tracks is unpacked too, and is not a file of the course).
    static func holds(_ folder: String, exactly expected: [String: String]) -> Bool {
        let found = SubmissionTree.scan(folder, limit: expected.count + 10_000).filter { $0.value != .symlink }
        guard found.count == expected.count else { return false }
        for (path, id) in expected {
            guard found[path] == .file, let data = FileManager.default.contents(atPath: folder + "/" + path), GitBlobID.of(Array(data)) == id
            else { return false }
        }
        return true
    }
}
