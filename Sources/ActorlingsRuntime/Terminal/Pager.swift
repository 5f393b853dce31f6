import Foundation

/// Shows long text through the learner's pager (`$PAGER`, else `less -R`), on the terminal.
///
/// The pager needs the real terminal, so it does not go through `Subprocess`, which captures
/// output; it is not learner code and needs no process-tree handling.
public enum Pager {
    /// Returns false when no pager could be started (the caller then prints the text directly).
    public static func show(_ text: String, environment: [String: String]) -> Bool {
        let command = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var pagerEnvironment = environment
        pagerEnvironment["LESS"] = pagerEnvironment["LESS"] ?? "FRX"
        process.environment = pagerEnvironment
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            return false
        }
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
