import Testing

@testable import ActorlingsCore

/// The ref `update` follows is the one the student workflow grades with; a placeholder or an
/// odd name is none.
@Suite("Grading release")
struct GradingReleaseTests {
    @Test(
        "course-ref in a student workflow",
        arguments: [
            ("    with:\n      course-repository: org/course\n      course-ref: v2\n", "v2"),
            ("      course-ref: \"v3\"   # the release\n", "v3"),
            ("      course-ref: COURSE-REF\n", nil),
            ("      course-ref: ../../etc\n", nil),
            ("      course-ref: -v1\n", nil),
            ("name: Autograding Tests\n", nil),
        ] as [(String, String?)])
    func courseRef(workflow: String, expected: String?) {
        #expect(GradingRelease.courseRef(inWorkflow: workflow) == expected)
    }
}
