/// The resources one test run may use: memory, the size of a file it writes, and processes.
///
/// The test process sets them on itself before any test (and any of the learner's code) runs,
/// soft and hard alike, so the learner's code cannot raise them again (root excepted). See
/// Documentation/Reliability.md for what each platform enforces.
public struct TestRunLimits: Sendable, Equatable, Codable {
    /// Bytes of heap and other private writable memory (`RLIMIT_DATA`). An exercise's tests use a
    /// few tens of MB; 1 GiB stops a runaway allocation long before the machine swaps.
    public var memory = 1 << 30
    /// Bytes of the largest file the run may write (`RLIMIT_FSIZE`); past it the kernel sends SIGXFSZ.
    public var fileSize = 64 << 20
    /// Processes and threads beyond those the user already runs (`RLIMIT_NPROC` counts them all,
    /// per user, so the limit is set relative to what is running when the tests start).
    public var extraProcesses = 256

    public init() {}

    /// The variable the generated entry point reads: `memory=N,file-size=N,processes=N`.
    ///
    /// - Parameters:
    ///   - processesRunning: tasks (processes and threads) of this user right now.
    ///   - limitMemory: false under Thread Sanitizer, whose shadow memory is terabytes of mappings.
    public func environmentValue(processesRunning: Int, limitMemory: Bool) -> String {
        var items: [String] = []
        if limitMemory { items.append("memory=\(memory)") }
        items.append("file-size=\(fileSize)")
        items.append("processes=\(processesRunning + extraProcesses)")
        return items.joined(separator: ",")
    }

    /// Which limit a crashed run ran into, from how it ended and what it printed last.
    public func limitHit(signal: Int32?, output: String) -> ResourceLimit? {
        // SIGXFSZ is 25 on Linux and Darwin alike; where it is ignored, the write fails with EFBIG
        // and Foundation's writers trap, naming it.
        if signal == 25 || output.contains("File too large") { return .fileSize(bytes: fileSize) }
        if output.contains("failed to allocate") || output.contains("Cannot allocate memory") {
            return .memory(bytes: memory)
        }
        // EAGAIN from fork, posix_spawn or pthread_create: the process limit, in a run that died of it.
        if output.contains("Resource temporarily unavailable") { return .processes(extra: extraProcesses) }
        return nil
    }
}

/// A limit of ``TestRunLimits`` that a test run hit, with its value.
public enum ResourceLimit: Sendable, Equatable {
    case memory(bytes: Int)
    case fileSize(bytes: Int)
    /// Processes and threads beyond those the user ran when the tests started.
    case processes(extra: Int)

    /// What happened, in the words of the verdict: "used more than 1 GB of memory".
    public var description: String {
        switch self {
        case .memory(let bytes): "it used more than \(Self.size(bytes)) of memory, the limit of a test run"
        case .fileSize(let bytes): "it wrote a file larger than \(Self.size(bytes)), the limit of a test run"
        case .processes(let extra): "it started more than \(extra) processes or threads, the limit of a test run"
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GB" : "\(bytes >> 20) MB"
    }
}
