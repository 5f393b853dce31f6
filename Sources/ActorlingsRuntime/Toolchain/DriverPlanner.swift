import ActorlingsCore
import Foundation

/// Runs `swiftc` invocations without running the driver each time: asks `swiftc -###` once per
/// shape of invocation (see ``DriverPlan``) and runs the planned commands itself, one after
/// another, as the driver does with `-j1`.
///
/// An invocation whose plan can't be made (the driver rejects the flags, or prints something
/// that is not a list of commands) runs through the driver as before, so its errors read the
/// same. `ACTORLINGS_SWIFT_DRIVER=always` turns planning off.
public actor DriverPlanner {
    public let swiftc: String
    public let environment: [String: String]
    /// Plans by placeholder arguments; a plan being asked for is awaited, not asked for twice.
    private var plans: [[String]: Task<DriverPlan?, Never>] = [:]
    /// What `swift-autolink-extract` wrote, by the autolink sections of its inputs.
    private let autolinks = AutolinkMemo()

    public init(swiftc: String, environment: [String: String]) {
        self.swiftc = swiftc
        self.environment = environment
    }

    /// How many shapes of invocation the driver was asked to plan so far.
    public var plannedShapes: Int { plans.count }

    /// Whether this environment lets invocations skip the driver.
    public nonisolated var isEnabled: Bool { environment["ACTORLINGS_SWIFT_DRIVER"] != "always" }

    /// Runs `swiftc arguments` (planned, or through the driver) and returns what it printed and
    /// how the last command ended. `timeLimit` bounds the whole invocation.
    public func run(_ arguments: [String], timeLimit: Duration, outputLimit: Int = ProcessRequest.defaultOutputLimit) async throws
        -> ProcessResult
    {
        let shape = DriverPlan.shape(of: arguments)
        guard isEnabled, let plan = await plan(for: shape) else {
            return try await Subprocess.run(
                ProcessRequest(executable: swiftc, arguments: arguments, environment: environment, timeLimit: timeLimit, outputLimit: outputLimit))
        }
        return try await Self.execute(
            plan, shape: shape, environment: environment, autolinks: autolinks, timeLimit: timeLimit, outputLimit: outputLimit)
    }

    /// How many times `swift-autolink-extract` ran, and how many times its answer was reused.
    public var autolinkRuns: (ran: Int, reused: Int) {
        get async { await autolinks.counts }
    }

    /// `swiftc -dump-ast -j1` of a module's `sources` files (`arguments` end with them): each
    /// file's dump in turn, then what the compiler printed. When the invocation can be planned,
    /// one frontend dumps every file (the driver's batch mode), each dump into a file of
    /// `scratch` (see ``DriverPlan/dumpingToFiles(_:)``); otherwise the driver runs one frontend
    /// per file. Measured on the capstone's three files: 196 ms of CPU against 295 ms.
    public func dumpAST(_ arguments: [String], sources: Int, scratch: String, timeLimit: Duration, outputLimit: Int) async throws
        -> ProcessResult
    {
        let batch = arguments + ["-enable-batch-mode"]
        let shape = DriverPlan.shape(of: batch)
        let paths = (0..<sources).map { "\(scratch)/dump-\($0).ast" }
        guard sources > 1, isEnabled, let plan = await plan(for: shape)?.dumpingToFiles(paths) else {
            return try await run(arguments, timeLimit: timeLimit, outputLimit: outputLimit)
        }
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        var result = try await Self.execute(
            plan, shape: shape, environment: environment, autolinks: autolinks, timeLimit: timeLimit, outputLimit: outputLimit)
        var dumps = Data()
        for path in paths {
            // Read no more than the limit allows: the files are written by a compiler run on
            // learner code, and nothing bounds their size but the disk.
            guard let file = FileHandle(forReadingAtPath: path) else { continue }
            defer { try? file.close() }
            let room = max(0, outputLimit + 1 - dumps.count)
            let dump = (try? file.read(upToCount: room)) ?? Data()
            dumps += dump
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > dump.count {
                result.droppedBytes += size - dump.count
            }
            if dump.last != UInt8(ascii: "\n") { dumps.append(UInt8(ascii: "\n")) }
        }
        if dumps.count > outputLimit {
            result.droppedBytes += dumps.count - outputLimit
            dumps = dumps.prefix(outputLimit)
        }
        result.output = String(decoding: dumps, as: UTF8.self) + result.output
        return result
    }

    private func plan(for shape: DriverPlan.Shape) async -> DriverPlan? {
        if let planning = plans[shape.arguments] { return await planning.value }
        let swiftc = swiftc
        let environment = environment
        let planning = Task { await Self.ask(swiftc: swiftc, arguments: shape.arguments, environment: environment) }
        plans[shape.arguments] = planning
        return await planning.value
    }

    /// `swiftc -###` with placeholder folders, in a temporary folder of its own (the driver makes
    /// a `TemporaryDirectory.…` there even when it only prints).
    private static func ask(swiftc: String, arguments: [String], environment: [String: String]) async -> DriverPlan? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-plan-\(UUID().uuidString)").path
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var environment = environment
        environment["TMPDIR"] = folder
        guard
            let result = try? await Subprocess.run(
                ProcessRequest(executable: swiftc, arguments: arguments + ["-###"], environment: environment, timeLimit: .seconds(60))),
            case .exited(0) = result.termination
        else { return nil }
        // What the driver wrote in its temporary folder while planning, which the commands read.
        var files: [String: String] = [:]
        for made in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let inside = "\(folder)/\(made)"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: inside)) ?? [] {
                guard let text = try? String(contentsOfFile: "\(inside)/\(name)", encoding: .utf8) else { return nil }
                files[name] = text
            }
        }
        return DriverPlan.parse(result.output, temporaryFolder: folder, temporaryFiles: files)
    }

    private static func execute(
        _ plan: DriverPlan, shape: DriverPlan.Shape, environment: [String: String], autolinks: AutolinkMemo, timeLimit: Duration,
        outputLimit: Int
    ) async throws -> ProcessResult {
        var temporary: String?
        if plan.usesTemporaryFolder {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-driver-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            temporary = folder
            for (name, text) in plan.temporaryFiles(for: shape, temporaryFolder: folder) {
                try text.write(toFile: "\(folder)/\(name)", atomically: false, encoding: .utf8)
            }
        }
        defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
        let clock = ContinuousClock()
        let deadline = clock.now + timeLimit
        var combined = ProcessResult(termination: .exited(0), output: "")
        for command in plan.commands(for: shape, temporaryFolder: temporary) {
            // The same autolink sections give the same answer: written again without a process.
            let autolink = AutolinkMemo.Job(command)
            if let autolink, await autolinks.reuse(for: autolink) { continue }
            let result = try await Subprocess.run(
                ProcessRequest(
                    executable: command[0], arguments: Array(command.dropFirst()), environment: environment,
                    timeLimit: max(.zero, clock.now.duration(to: deadline)), outputLimit: max(0, outputLimit - combined.output.utf8.count)))
            combined.output += result.output
            combined.droppedBytes += result.droppedBytes
            combined.duration += result.duration
            combined.termination = result.termination
            // The driver stops at the first command that fails, and so does this.
            guard case .exited(0) = result.termination else { break }
            if let autolink { await autolinks.remember(autolink) }
        }
        return combined
    }
}

/// The answers of `swift-autolink-extract` (a whole frontend process started to copy a few
/// `-l` flags out of the objects, once per test binary), kept by the exact bytes of the
/// `.swift1_autolink_entries` sections of its inputs, in order: what the tool reads. Most
/// exercises' objects import the same modules, so a grade runs it a handful of times instead of
/// once per exercise. Inputs this process can't read as ELF objects always run the tool.
actor AutolinkMemo {
    struct Job: Sendable {
        var output: String
        var key: [UInt8]

        /// `swift-autolink-extract <objects…> -o <file>` whose objects can all be read; else `nil`.
        init?(_ command: [String]) {
            guard let program = command.first, program.hasSuffix("/swift-autolink-extract") else { return nil }
            var inputs: [String] = []
            var output: String?
            var arguments = command.dropFirst()[...]
            while let argument = arguments.popFirst() {
                if argument == "-o" {
                    output = arguments.popFirst()
                } else if argument.hasPrefix("-") {
                    return nil
                } else {
                    inputs.append(argument)
                }
            }
            guard let output, !inputs.isEmpty else { return nil }
            var key: [UInt8] = []
            for input in inputs {
                guard
                    let data = FileManager.default.contents(atPath: input),
                    let section = ELFSections.contents(named: ".swift1_autolink_entries", in: Array(data))
                else { return nil }
                // Each input's section, with its length first: no two lists of inputs share a key.
                key += withUnsafeBytes(of: UInt64(section.count).littleEndian, Array.init) + section
            }
            self.output = output
            self.key = key
        }
    }

    private var answers: [[UInt8]: Data] = [:]
    private(set) var counts = (ran: 0, reused: 0)

    /// Writes the remembered answer for `job`'s inputs to its output file; `false` when there is none.
    func reuse(for job: Job) -> Bool {
        guard let answer = answers[job.key], (try? answer.write(to: URL(fileURLWithPath: job.output))) != nil else { return false }
        counts.reused += 1
        return true
    }

    /// Keeps what the tool just wrote for `job`.
    func remember(_ job: Job) {
        counts.ran += 1
        if let answer = FileManager.default.contents(atPath: job.output) { answers[job.key] = answer }
    }
}
