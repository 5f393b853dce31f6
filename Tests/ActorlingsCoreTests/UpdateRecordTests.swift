import Testing

@testable import ActorlingsCore

/// `update --undo` puts back only what is still as the update left it.
@Suite("Update record")
struct UpdateRecordTests {
    static let record = UpdateRecord(
        header: "actorlings update from /course at abc",
        entries: [
            .init(path: "Lessons/a.md", existed: true, written: .blob("1111")),
            .init(path: "Exercises/x/Sources/Code.swift", existed: true, written: .blob("2222")),
            .init(path: "Exercises/classroom.toml", existed: false, written: .blob("3333")),
            .init(path: "Tests/old.swift", existed: true, written: .removed),
        ])

    @Test("The record reads back as written, and an old two-column record still reads")
    func roundTrip() {
        #expect(UpdateRecord.parse(Self.record.render()) == Self.record)
        let old = UpdateRecord.parse("# from /course\nexisted\tLessons/a.md\nnew\tExercises/classroom.toml\n")
        #expect(
            old.entries == [
                .init(path: "Lessons/a.md", existed: true, written: .unknown), .init(path: "Exercises/classroom.toml", existed: false, written: .unknown),
            ])
        #expect(old.undo(current: [:]) == [.restore("Lessons/a.md"), .remove("Exercises/classroom.toml")])
    }

    @Test(
        "Each file: as the update left it is undone, changed since is kept",
        arguments: [
            (
                ["Lessons/a.md": "1111", "Exercises/x/Sources/Code.swift": "2222", "Exercises/classroom.toml": "3333"],
                [
                    UpdateRecord.Step.restore("Lessons/a.md"), .restore("Exercises/x/Sources/Code.swift"), .remove("Exercises/classroom.toml"),
                    .restore("Tests/old.swift"),
                ]
            ),
            (
                ["Lessons/a.md": "1111", "Exercises/x/Sources/Code.swift": "9999", "Tests/old.swift": "8888"],
                [
                    .restore("Lessons/a.md"), .keepChanged("Exercises/x/Sources/Code.swift"), .keepChanged("Exercises/classroom.toml"),
                    .keepChanged("Tests/old.swift"),
                ]
            ),
        ])
    func undo(current: [String: String], expected: [UpdateRecord.Step]) {
        #expect(Self.record.undo(current: current) == expected)
    }
}
