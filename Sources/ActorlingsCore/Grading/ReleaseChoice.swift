/// Which release of the course judges a submission, and what counts in it.
///
/// A submission is judged against the course version it has — the `course-ref` its student
/// workflow names — or the one the instructor names (`--release`), which wins. Its tests, its
/// exercise list, its points and its pacing all come from that release of the trusted course,
/// so a student still on v1 while the course is at v2 gets v1's tests and v1's maximum.
public enum ReleaseChoice {
    /// Who chose the release: the instructor on the command line, or the submission's workflow.
    public enum Source: Sendable, Equatable {
        case named
        case claimed
    }

    /// The release to judge by: the instructor's `named` one, else the `course-ref` of the
    /// submission's student workflow text; nil when neither names one (the checkout as it is).
    public static func ref(named: String?, workflow: String?) -> (ref: String, source: Source)? {
        if let named { return (named, .named) }
        guard let workflow, let claimed = GradingRelease.courseRef(inWorkflow: workflow) else { return nil }
        return (claimed, .claimed)
    }

    /// What to say when the trusted checkout has no tag or commit `ref`: what is missing, and
    /// what to do. A named release is the instructor's mistake (a usage error); a claimed one is
    /// about one submission, which is not graded.
    public static func missing(_ ref: String, source: Source) -> String {
        switch source {
        case .named:
            "--release \(ref): this checkout has no tag or commit \(ref); `git tag` lists the releases it has "
                + "(`git fetch --tags` brings the ones published from elsewhere), and `Scripts/publish-template.sh course` tags each release it publishes"
        case .claimed:
            "names the course release \(ref) (`course-ref` in \(SubmissionAudit.studentWorkflow)), and this checkout has no tag or commit \(ref): "
                + "fetch the course's tags (`git fetch --tags`), or judge every submission against one release with --release REF"
        }
    }

    /// The exercises that count in `course` (one release of it): those `steps`/`only` select,
    /// else what pacing has opened.
    public static func counted(in course: Course, steps: [Int], only: [String]) -> [Exercise] {
        let candidates = steps.isEmpty && only.isEmpty ? course.availableExercises : course.exercises
        return candidates.filter { exercise in
            (steps.isEmpty || steps.contains(exercise.stepNumber)) && (only.isEmpty || only.contains(exercise.id))
        }
    }

    /// The exercises pacing keeps closed in `course`, when pacing (not `steps`/`only`) chose
    /// what counts: part of Classroom's maximum, never of the totals.
    public static func closed(in course: Course, steps: [Int], only: [String]) -> [GradeReport.ClosedExercise]? {
        guard steps.isEmpty, only.isEmpty else { return nil }
        let closed = course.exercises.filter { !course.isAvailable($0) && $0.points > 0 }.map(GradeReport.ClosedExercise.init)
        return closed.isEmpty ? nil : closed
    }
}
