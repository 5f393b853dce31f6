import Testing

@testable import ActorlingsCore

/// A student who has not updated yet is judged against the release they have: a course file
/// as that release shipped it is no flag; an edit, a link or a file of no release still is.
@Suite("Audit against the student's release")
struct ReleaseAuditTests {
    static let release = ["Lessons/a.md": "old-a", "Exercises/x/Tests/T.swift": "old-t", "Exercises/gone.toml": "g"]

    @Test(
        "Each flag against the release",
        arguments: [
            (SubmissionFlag(file: "Lessons/a.md", change: .modified), "old-a", false),
            (SubmissionFlag(file: "Lessons/a.md", change: .modified), "edited", true),
            (SubmissionFlag(file: "Exercises/gone.toml", change: .added), "g", false),
            (SubmissionFlag(file: "Exercises/classroom.toml", change: .added), "x", true),
            (SubmissionFlag(file: "Lessons/new.md", change: .deleted), nil, false),
            (SubmissionFlag(file: "Exercises/x/Tests/T.swift", change: .deleted), nil, true),
            (SubmissionFlag(file: "Lessons/a.md", change: .symlink), nil, true),
        ] as [(SubmissionFlag, String?, Bool)])
    func judged(flag: SubmissionFlag, submitted: String?, kept: Bool) {
        let result = SubmissionAudit.flags([flag], againstRelease: Self.release, submitted: submitted.map { [flag.file: $0] } ?? [:])
        #expect(result == (kept ? [flag] : []))
    }
}
