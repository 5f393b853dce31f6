import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Attacks that the static screen does not stop, because the exercise (`open`) allows every
/// construct: only the operating system's sandbox around the test process stands between the
/// learner's code and the machine. Each payload returns honest totals only when its escape
/// worked, so a pass would mean the wall has a hole; each case also looks, from outside, at the
/// place the payload tried to reach.
@Suite("Attacks on the sandbox", .enabled(if: Sandbox.probe().isEnforced, "this machine cannot sandbox"))
struct SandboxAttackTests {
    struct Escape: CustomTestStringConvertible, Sendable {
        var payload: String
        /// Paths the payload tries to create, relative to the course when not absolute.
        var mustNotExist: [String] = []
        var testDescription: String { payload }
    }

    static let escapes: [Escape] =
        [
            Escape(payload: "sandbox-write-string-to-a-file", mustNotExist: ["/tmp/actorlings-escape-string"]),
            Escape(payload: "sandbox-write-data-to-a-url", mustNotExist: ["escape-data"]),
            Escape(payload: "sandbox-open-with-the-c-library", mustNotExist: ["/tmp/actorlings-escape-open"]),
            Escape(payload: "sandbox-make-a-folder-through-the-manager", mustNotExist: ["/tmp/actorlings-escape-folder"]),
            Escape(payload: "sandbox-move-a-file-out-of-scratch", mustNotExist: ["/tmp/actorlings-escape-moved"]),
            Escape(payload: "sandbox-archive-into-the-tests"),
            Escape(payload: "sandbox-replace-a-cached-object"),
            Escape(payload: "sandbox-read-the-solutions"),
            Escape(payload: "sandbox-signal-the-grader"),
        ] + linuxEscapes

    /// Through `/proc`, which only Linux has.
    #if os(Linux)
        static let linuxEscapes = [
            Escape(payload: "sandbox-create-file-through-the-manager", mustNotExist: ["escape-manager"]),
            Escape(payload: "sandbox-read-git-through-the-parent"),
        ]
    #else
        static let linuxEscapes: [Escape] = []
    #endif

    @Test("Learner code cannot reach past its scratch folder, whatever the spelling", arguments: escapes)
    func escape(_ escape: Escape) async throws {
        try await Self.expectEscapeWithoutTheWall(escape.payload)
        for path in escape.mustNotExist where path.hasPrefix("/") { try? FileManager.default.removeItem(atPath: path) }
        let course = try await AttackTests.copyOfAttackCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        // Something for the readers to find, and the tests to compare after the run.
        try FileManager.default.createDirectory(atPath: "\(course)/.git", withIntermediateDirectories: true)
        try "[core]\n".write(toFile: "\(course)/.git/config", atomically: true, encoding: .utf8)
        let tests = "\(course)/Exercises/00-attacks/open/Tests/TotalsTests.swift"
        let testsBefore = try Data(contentsOf: URL(fileURLWithPath: tests))
        // A first, honest check compiles the entry point the cache attack goes after.
        _ = try await runActorlings(["check", "open", "--color", "never"], in: course)
        let entryObjects = try Self.entryObjects(in: course)

        let result = try await AttackTests.check(AttackTests.Attack(payload: escape.payload, exercise: "open", says: []), in: course)

        #expect(result.status == 1, "the sandbox let the attack through: \(result.output)\(result.errors)")
        #expect(result.output.contains("4 of 4 tests failed") || result.output.contains("tests failed"), "\(result.output)")
        for path in escape.mustNotExist {
            let absolute = path.hasPrefix("/") ? path : "\(course)/\(path)"
            #expect(!FileManager.default.fileExists(atPath: absolute), "the attack wrote \(absolute)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: tests)) == testsBefore, "the attack changed the protected tests")
        #expect(try Self.entryObjects(in: course) == entryObjects, "the attack changed a cached object")
    }

    /// Where the course lives decides who the test runs as when the grader is root: `nobody`
    /// when it can reach the test binary, else root without capabilities. Neither keeps root's
    /// privileges.
    @Test("A test process never keeps root's privileges", arguments: [false, true])
    func noPrivileges(coursesInAPrivateFolder: Bool) async throws {
        var course = try await AttackTests.copyOfAttackCourse()
        var cleanup = course
        if coursesInAPrivateFolder {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-private-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try FileManager.default.moveItem(atPath: course, toPath: "\(folder)/course")
            course = "\(folder)/course"
            cleanup = folder
        }
        defer { try? FileManager.default.removeItem(atPath: cleanup) }
        if getuid() == 0 { try await Self.expectEscapeWithoutTheWall("sandbox-keep-root-privileges") }
        let result = try await AttackTests.check(
            AttackTests.Attack(payload: "sandbox-keep-root-privileges", exercise: "open", says: []), in: course)
        #expect(result.status == 1, "the test process kept root's privileges: \(result.output)\(result.errors)")
        #expect(result.output.contains("tests failed"), "\(result.output)\(result.errors)")
    }

    @Test("A TCP connection is refused, even to this machine")
    func connect() async throws {
        // The payload connects to 127.0.0.1:47913; something must listen there, or a refused
        // connection would prove nothing.
        let listener = try #require(Self.listening(on: 47_913), "port 47913 is taken on this machine")
        defer { close(listener) }
        try await Self.expectEscapeWithoutTheWall("sandbox-connect-over-tcp")
        let course = try await AttackTests.copyOfAttackCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let result = try await AttackTests.check(AttackTests.Attack(payload: "sandbox-connect-over-tcp", exercise: "open", says: []), in: course)
        #expect(result.status == 1, "the sandbox let a connection through: \(result.output)")
        #expect(result.output.contains("tests failed"), "\(result.output)")
    }

    /// The control: in a course of its own, without the sandbox, the payload's escape works and the
    /// attack passes, so a failing verdict under the sandbox is the wall's doing, not a broken payload.
    static func expectEscapeWithoutTheWall(_ payload: String) async throws {
        let course = try await AttackTests.copyOfAttackCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        try FileManager.default.createDirectory(atPath: "\(course)/.git", withIntermediateDirectories: true)
        try "[core]\n".write(toFile: "\(course)/.git/config", atomically: true, encoding: .utf8)
        _ = try await runActorlings(["check", "open", "--color", "never"], in: course, environment: ["ACTORLINGS_SANDBOX": "off"])
        let result = try await AttackTests.check(
            AttackTests.Attack(payload: payload, exercise: "open", says: []), in: course, environment: ["ACTORLINGS_SANDBOX": "off"])
        #expect(result.status == 0, "without the sandbox \(payload) should get through, or it proves nothing: \(result.output)")
        for marker in ["string", "open", "folder", "moved"] { try? FileManager.default.removeItem(atPath: "/tmp/actorlings-escape-\(marker)") }
        // Without the wall a test runs in the build folder, four levels below the course's parent:
        // a payload that climbs four levels up wrote there.
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: course).deletingLastPathComponent().appendingPathComponent("escape-manager").path)
    }

    /// The cached entry-point objects in the build folders' parent (`entry-<key>/object.o`), with their bytes.
    static func entryObjects(in course: String) throws -> [String: Data] {
        let build = "\(course)/.actorlings/build"
        var objects: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: build) where name.hasPrefix("entry-") {
            objects[name] = try Data(contentsOf: URL(fileURLWithPath: "\(build)/\(name)/object.o"))
        }
        #expect(!objects.isEmpty, "no cached entry object in \(build)")
        return objects
    }

    /// A listening TCP socket on 127.0.0.1, or nil when the port is taken.
    static func listening(on port: UInt16) -> Int32? {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
