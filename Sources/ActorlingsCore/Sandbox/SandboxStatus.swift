/// Whether checks on this machine run in the operating system's sandbox, and if not, why not.
public enum SandboxStatus: Sendable, Equatable {
    /// Every test process is sandboxed; `mechanism` says how ("Landlock ABI 7 + seccomp, user nobody").
    case enforced(mechanism: String)
    /// The operating system offers no sandbox the tool can use here.
    case unavailable(reason: String)
    /// The instructor ran the grade with `--no-sandbox`.
    case disabledByInstructor

    public var isEnforced: Bool {
        if case .enforced = self { return true }
        return false
    }

    /// One line for a report or a notice.
    public var summary: String {
        switch self {
        case .enforced(let mechanism): "sandboxed (\(mechanism))"
        case .unavailable(let reason): "not sandboxed: \(reason)"
        case .disabledByInstructor: "not sandboxed: --no-sandbox"
        }
    }

    /// The stable word a JSON report stores.
    public var kind: String {
        switch self {
        case .enforced: "enforced"
        case .unavailable: "unavailable"
        case .disabledByInstructor: "disabled"
        }
    }
}
