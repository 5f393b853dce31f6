import ActorlingsTestSupport
import Foundation
import Testing

@testable import ActorlingsRuntime

/// Standard error kept apart from standard output, and standard input from a file or bytes: real
/// children, because what is under test is how the pipes behave when both are full at once.
@Suite("Subprocess streams", .tags(.spawnsProcesses))
struct SubprocessStreamsTests {
    private func shell(
        _ script: String, standardError: ProcessRequest.StandardError = .separate, standardInput: ProcessRequest.StandardInput = .empty,
        outputLimit: Int = 4 << 20
    ) -> ProcessRequest {
        ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"], timeLimit: .seconds(60),
            outputLimit: outputLimit, standardError: standardError, standardInput: standardInput)
    }

    /// A child that writes more than a pipe holds to each stream, in an order that would stall a
    /// reader waiting on one pipe while the other fills.
    struct Flood: Sendable, CustomTestStringConvertible {
        var name: String
        var script: String
        var output: String
        var errors: String
        var testDescription: String { name }
    }

    static let floods: [Flood] = {
        let pad = String(repeating: "x", count: 88)
        let lines = 12_000
        func numbered(_ stream: String) -> String {
            (0..<lines).map { "\(stream) \(100_000 + $0) \(pad)\n" }.joined()
        }
        // 256 KiB of one digit to standard error, then 256 KiB of it to standard output, eight times.
        let burst = 1 << 18
        let bursts = (0..<8).map { String(repeating: String($0), count: burst) }.joined()
        return [
            Flood(
                name: "line by line, alternating (1.2 MB each)",
                script: """
                    i=100000
                    while [ $i -lt \(100_000 + lines) ]; do
                      echo "out $i \(pad)"
                      echo "err $i \(pad)" >&2
                      i=$((i+1))
                    done
                    """,
                output: numbered("out"), errors: numbered("err")),
            Flood(
                name: "256 KiB bursts, standard error first (2 MiB each)",
                script: """
                    for i in 0 1 2 3 4 5 6 7; do
                      head -c \(burst) /dev/zero | tr '\\0' "$i" >&2
                      head -c \(burst) /dev/zero | tr '\\0' "$i"
                    done
                    """,
                output: bursts, errors: bursts),
        ]
    }()

    @Test("Both streams flooded at once: nothing stalls, each keeps its order", arguments: floods)
    func floodsBothStreams(_ flood: Flood) async throws {
        let result = try await Subprocess.run(shell(flood.script))
        #expect(result.termination == .exited(0))
        #expect(result.output.utf8.count == flood.output.utf8.count)
        #expect(result.output == flood.output)
        #expect(result.errors.utf8.count == flood.errors.utf8.count)
        #expect(result.errors == flood.errors)
        #expect(result.droppedBytes == 0 && result.droppedErrorBytes == 0)
    }

    @Test func keepsStandardErrorApartWhenAsked() async throws {
        let result = try await Subprocess.run(shell("echo one; echo two >&2; echo three"))
        #expect(result.output == "one\nthree\n")
        #expect(result.errors == "two\n")
    }

    @Test func leavesErrorsEmptyWhenMerged() async throws {
        let result = try await Subprocess.run(shell("echo one; echo two >&2", standardError: .merged))
        #expect(result.output == "one\ntwo\n")
        #expect(result.errors == "")
        #expect(result.droppedErrorBytes == 0)
    }

    @Test func capsStandardErrorLikeOutput() async throws {
        let flood = 3_000_000
        let script = "printf start >&2; head -c \(flood) /dev/zero | tr '\\0' e >&2; printf end >&2; printf done"
        let result = try await Subprocess.run(shell(script, outputLimit: 1000))
        #expect(result.termination == .exited(0))
        #expect(result.output == "done")
        #expect(result.errors.utf8.count == 1000)
        #expect(result.errors.hasPrefix("starteee"))
        #expect(result.errors.hasSuffix("eeeend"))
        #expect(result.droppedErrorBytes == "start".count + flood + "end".count - 1000)
        #expect(result.droppedBytes == 0)
    }

    @Test func readsStandardInputFromAFile() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "subprocess-\(UUID()).txt")
        let text = (0..<5000).map { "line \($0)\n" }.joined()
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await Subprocess.run(shell("cat; echo eof", standardInput: .file(file.path)))
        #expect(result.output == text + "eof\n")
    }

    @Test func readsStandardInputFromBytes() async throws {
        // More than a pipe holds, so a pipe fed by the parent would need a writer running beside the reader.
        let bytes = (0..<(1 << 20)).map { UInt8($0 % 127) }
        let result = try await Subprocess.run(shell("cat", standardInput: .bytes(bytes)))
        #expect(Array(result.output.utf8) == bytes)
        let echoed = try await Subprocess.run(shell("cat", standardInput: .bytes(Array("hello\nworld".utf8))))
        #expect(echoed.output == "hello\nworld")
    }

    @Test func aChildThatIgnoresItsInputStillEnds() async throws {
        let result = try await Subprocess.run(shell("exit 4", standardInput: .bytes([UInt8](repeating: 0x61, count: 1 << 20))))
        #expect(result.termination == .exited(4))
    }

    @Test(.enabled(if: TestPlatform.hasProcFileSystem))
    func leaksNoDescriptorsWithEveryStreamOption() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "subprocess-\(UUID()).txt")
        try Data("input".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for input: ProcessRequest.StandardInput in [.file(file.path), .bytes([1, 2, 3])] {
            let result = try await Subprocess.run(shell("ls /proc/$$/fd", standardInput: input))
            #expect(result.output == "0\n1\n2\n")
        }
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var reason: String
        var testDescription: String { name }
    }

    static let badInputs = [
        BadInput(name: "a missing file", path: "/nonexistent/actorlings-input", reason: "No such file or directory"),
        BadInput(name: "a folder", path: "/tmp", reason: "Is a directory"),
    ]

    @Test("Standard input that can't be read: the child never starts, and the error says which file", arguments: badInputs)
    func refusesUnreadableStandardInput(_ input: BadInput) async throws {
        let marker = FileManager.default.temporaryDirectory.appending(path: "subprocess-\(UUID())")
        let request = shell("touch '\(marker.path)'", standardInput: .file(input.path))
        let error = await #expect(throws: SubprocessError.self) { try await Subprocess.run(request) }
        #expect(error?.description.contains("cannot open its standard input") == true)
        #expect(error?.description.contains(input.path) == true)
        #expect(error?.description.contains(input.reason) == true)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}
