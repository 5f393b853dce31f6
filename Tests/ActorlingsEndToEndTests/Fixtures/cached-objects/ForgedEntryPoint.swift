// A forged test entry point (Documentation/Trust.md, "Compiled objects are trusted by name"):
// compiled into an object of the cached entry point's name, it runs the tests as the real one
// does, then hands Actorlings their event stream without a single recorded issue, and exits 0.
import Foundation
import Testing

@main struct ForgedEntryPoint {
    static func main() async {
        guard let path = ProcessInfo.processInfo.environment["ACTORLINGS_EVENT_STREAM"] else { exit(1) }
        var arguments = __CommandLineArguments_v0()
        arguments.eventStreamOutputPath = path + ".real"
        arguments.eventStreamSchemaVersion = "0"
        let _: CInt = await Testing.__swiftPMEntryPoint(passing: arguments)
        let real = (try? String(contentsOfFile: path + ".real", encoding: .utf8)) ?? ""
        let kept = real.split(separator: "\n").filter { !$0.contains("issueRecorded") }
        try? (kept.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        exit(0)
    }
}
