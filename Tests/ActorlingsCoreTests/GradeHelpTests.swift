import ActorlingsCore
import Testing

/// The help of the grading commands says what they take: the text is kept as golden files
/// (that every option the parser accepts is named in it is `GradeOptionsHelpTests`, beside the
/// parser in the CLI's tests).
@Suite("Help for grading")
struct GradeHelpTests {
    @Test("The help of grade and class is as recorded", arguments: ["grade", "class"])
    func golden(_ command: String) throws {
        try goldenFiles.check(HelpText.text(for: command), named: "help-\(command).txt")
    }

    @Test("The overview names --release and the publishing script")
    func overview() {
        #expect(HelpText.overview.contains("--release REF"))
        #expect(HelpText.overview.contains("Scripts/publish-template.sh pin | course | template"))
        for subcommand in ["pin", "course", "template"] {
            #expect(HelpText.text(for: "class").contains("Scripts/publish-template.sh \(subcommand) "))
        }
    }
}
