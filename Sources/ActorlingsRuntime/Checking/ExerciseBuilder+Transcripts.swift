import ActorlingsCore
import Foundation

extension ExerciseBuilder {
    /// A folder where every transcript handed to the judge is also written, as JSON: how the
    /// judge's unit tests get real compiler and test-run output (Tests/ActorlingsCoreTests/
    /// Fixtures/transcripts). Read from Actorlings' environment, never passed to a test run.
    public static let recordTranscriptsVariable = "ACTORLINGS_RECORD_TRANSCRIPTS"

    /// The judge's verdict on a compile, after recording its transcript when asked to.
    func judged(_ transcript: CompileTranscript, module: String) -> Outcome? {
        record(transcript, name: "\(module)-\(transcript.linking ? "link" : "compile")")
        return Judge.compile(transcript)
    }

    /// The judge's verdict on a test run, after recording its transcript when asked to.
    func judged(_ transcript: TestRunTranscript, module: String) -> Outcome {
        record(transcript, name: "\(module)-run")
        return Judge.testRun(transcript)
    }

    private func record(_ transcript: some Encodable, name: String) {
        guard let folder = environment[Self.recordTranscriptsVariable], !folder.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(transcript) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Recording is a course author's tool: a failure to write loses a fixture, not a verdict.
        try? data.write(to: URL(fileURLWithPath: "\(folder)/\(name)-\(UUID().uuidString.prefix(8)).json"))
    }
}
