/// What `actorlings update` will do to a learner's checkout, decided from blob ids alone: the
/// course's files follow the upstream, the learner's own exercise files never lose work.
///
/// Histories are never compared — a GitHub Classroom copy has an unrelated one — only the files:
/// the upstream's tree, the checkout's files on disk, and both `Exercises/shipped.txt` (which
/// tell whether a learner file is still as the course shipped it).
public struct CourseUpdatePlan: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// A course file the checkout lacks.
        case add(String)
        /// A course file that differs from the upstream's.
        case replace(String)
        /// A course file the upstream no longer has.
        case delete(String)
        /// A learner file the learner never changed, which the course changed: taken from the upstream.
        case refreshUnstarted(String)
        /// A learner file the learner changed, which the course changed too: theirs is kept.
        case keepLearner(String)

        public var path: String {
            switch self {
            case .add(let path), .replace(let path), .delete(let path), .refreshUnstarted(let path), .keepLearner(let path): path
            }
        }

        /// Whether the file on disk is written or removed.
        public var touchesDisk: Bool {
            if case .keepLearner = self { return false }
            return true
        }
    }

    /// Where a file is deleted when the upstream no longer has it: folders the course owns.
    public static let courseFolders = ["Sources/", "Tests/", "Lessons/", "Exercises/"]

    /// The learner's private state and build products: never written, even when an upstream
    /// committed them by mistake.
    public static let neverTouched = [StateFolder.name + "/", ".build/", ".swiftpm/", ".git/"]

    public var actions: [Action]

    /// - Parameters:
    ///   - upstream: the upstream's files, path → blob id.
    ///   - local: the checkout's files on disk, path → blob id (absent: no such file).
    ///   - tracked: the paths git tracks in the checkout (only these are ever deleted).
    ///   - learnerPaths: every exercise's learner files (`files` in `exercise.toml`).
    ///   - oldShipped: the checkout's `Exercises/shipped.txt`: which learner files are untouched.
    ///   - ignored: paths (or folder prefixes ending in "/") this checkout leaves out, such as
    ///     `Solutions/` in a student template.
    public init(
        upstream: [String: String], local: [String: String], tracked: Set<String>, learnerPaths: Set<String>,
        oldShipped: [String: String], ignored: [String]
    ) {
        func isIgnored(_ path: String) -> Bool {
            (ignored + Self.neverTouched).contains { $0.hasSuffix("/") ? path.hasPrefix($0) : path == $0 }
        }
        var actions: [Action] = []
        for (path, id) in upstream where !isIgnored(path) {
            let mine = local[path]
            if learnerPaths.contains(path) {
                guard let mine else {
                    // A learner file that is gone: deleted by the learner (keep it so), or new in the course.
                    actions.append(oldShipped[path] == nil ? .add(path) : .keepLearner(path))
                    continue
                }
                guard mine != id else { continue }
                if let shipped = oldShipped[path], shipped == mine {
                    actions.append(.refreshUnstarted(path))
                } else if oldShipped[path] != id {
                    actions.append(.keepLearner(path))
                }
                // Otherwise the course did not change this file: the learner's work stays as it is.
            } else if let mine {
                if mine != id { actions.append(.replace(path)) }
            } else {
                actions.append(.add(path))
            }
        }
        for path in tracked where upstream[path] == nil && local[path] != nil && !isIgnored(path) && !learnerPaths.contains(path) {
            if Self.courseFolders.contains(where: path.hasPrefix) { actions.append(.delete(path)) }
        }
        self.actions = actions.sorted { $0.path < $1.path }
    }

    public var isEmpty: Bool { actions.isEmpty }

    /// Whether the tool itself changes, so that it must be rebuilt.
    public var changesTool: Bool {
        actions.contains { $0.touchesDisk && ($0.path.hasPrefix("Sources/") || $0.path == "Package.swift") }
    }

    /// The plan for people, grouped: what changes in the course, what was not started and so
    /// was refreshed, and whose work was kept.
    public func summary(palette: Palette) -> String {
        guard !isEmpty else { return "The course is already up to date.\n" }
        var out = ""
        let course = actions.filter {
            switch $0 {
            case .add, .replace, .delete: true
            case .refreshUnstarted, .keepLearner: false
            }
        }
        if !course.isEmpty {
            out += palette.apply(.bold, "Course files updated (\(course.count)):") + "\n"
            for action in course.prefix(30) {
                let word =
                    switch action {
                    case .add: "added   "
                    case .delete: "removed "
                    default: "changed "
                    }
                out += "  \(word)\(action.path)\n"
            }
            if course.count > 30 { out += "  … and \(course.count - 30) more\n" }
        }
        let refreshed = actions.filter { if case .refreshUnstarted = $0 { true } else { false } }
        if !refreshed.isEmpty {
            out += palette.apply(.bold, "Exercises you had not started, replaced by the new version (\(refreshed.count)):") + "\n"
            out += refreshed.map { "  \($0.path)\n" }.joined()
        }
        let kept = actions.filter { if case .keepLearner = $0 { true } else { false } }
        if !kept.isEmpty {
            out += palette.apply(.boldYellow, "Your work is kept; the course also changed these files (\(kept.count)):") + "\n"
            out += kept.map { "  \($0.path)\n" }.joined()
        }
        return out
    }
}
