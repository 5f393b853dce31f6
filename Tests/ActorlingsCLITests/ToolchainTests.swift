import ActorlingsCore
import ActorlingsRuntime
import Foundation
import Testing

@Suite("Finding the toolchain")
struct ToolchainTests {
    /// A fake `swiftc` that prints `banner` for `--version`.
    private func fakeCompiler(_ banner: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("swiftc").path
        try "#!/bin/sh\necho '\(banner)'\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test("A toolchain older than the course needs is refused, naming both versions")
    func tooOld() async throws {
        let swiftc = try fakeCompiler("Swift version 5.10 (swift-5.10-RELEASE)")
        await #expect {
            try await Toolchain.locate(environment: ["ACTORLINGS_SWIFTC": swiftc, "PATH": "/usr/bin:/bin"], minimum: ToolchainVersion([6, 2]))
        } throws: { error in
            "\(error)".contains("needs Swift 6.2 or newer") && "\(error)".contains("is Swift 5.10")
        }
    }

    @Test("No swiftc on PATH is a clear error")
    func missing() async {
        await #expect {
            try await Toolchain.locate(environment: ["PATH": "/nonexistent"], minimum: ToolchainVersion([6, 2]))
        } throws: { error in
            "\(error)".contains("No Swift compiler (swiftc) was found on your PATH")
        }
    }

    @Test("A compiler that does not report a version is a clear error")
    func unrecognized() async throws {
        let swiftc = try fakeCompiler("hello")
        await #expect {
            try await Toolchain.locate(environment: ["ACTORLINGS_SWIFTC": swiftc], minimum: ToolchainVersion([6, 2]))
        } throws: { error in
            "\(error)".contains("did not report a Swift version")
        }
    }

    @Test("The installed toolchain is found and new enough")
    func installed() async throws {
        let toolchain = try await Toolchain.locate(environment: ProcessInfo.processInfo.environment, minimum: ToolchainVersion([6, 2]))
        #expect(toolchain.version >= ToolchainVersion([6, 2]))
    }
}
