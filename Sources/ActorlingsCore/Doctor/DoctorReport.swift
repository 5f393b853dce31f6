/// What `actorlings doctor` found, one check at a time, each with what to do when it fails.
/// Pure: the runtime gathers the facts, the decisions and words are here.
public struct DoctorReport: Sendable, Equatable {
    public struct Check: Sendable, Equatable {
        public enum Status: String, Sendable, Equatable {
            case ok, warning, failed
        }

        public var name: String
        public var status: Status
        /// What was found, in one line.
        public var detail: String
        /// What to do about it; nil when nothing needs doing.
        public var fix: String?

        public init(name: String, status: Status, detail: String, fix: String? = nil) {
            self.name = name
            self.status = status
            self.detail = detail
            self.fix = fix
        }
    }

    public var checks: [Check]

    public init(checks: [Check]) {
        self.checks = checks
    }

    /// True when nothing failed (warnings do not stop a workshop).
    public var isReady: Bool { !checks.contains { $0.status == .failed } }

    public func render(palette: Palette) -> String {
        var out = palette.apply(.bold, "Actorlings pre-flight check") + "\n\n"
        for check in checks {
            let mark =
                switch check.status {
                case .ok: palette.apply(.green, "✔")
                case .warning: palette.apply(.yellow, "!")
                case .failed: palette.apply(.red, "✘")
                }
            out += "\(mark) \(check.name.padded(to: 18))\(check.detail)\n"
            if let fix = check.fix {
                out += "  " + "".padded(to: 18) + palette.apply(.dim, "→ ") + fix + "\n"
            }
        }
        let failed = checks.filter { $0.status == .failed }.count
        let warnings = checks.filter { $0.status == .warning }.count
        out += "\n"
        if failed > 0 {
            out += palette.apply(.boldRed, "Not ready: \(failed) check\(failed == 1 ? "" : "s") failed.") + " Fix them and run doctor again.\n"
        } else {
            out +=
                palette.apply(.green, "Ready.") + (warnings > 0 ? " \(warnings) warning\(warnings == 1 ? "" : "s") above; the course works without them." : "")
                + "\n"
        }
        return out
    }

    // MARK: - Decisions

    /// The toolchain check, from what `swiftc --version` said (or why it could not be asked).
    public static func toolchain(found: ToolchainVersion?, path: String?, minimum: ToolchainVersion, problem: String?) -> Check {
        guard let found, let path else {
            return Check(
                name: "toolchain", status: .failed, detail: problem ?? "no Swift compiler (swiftc) on PATH",
                fix: "install Swift \(minimum) or newer from https://www.swift.org/install/ and open a new terminal")
        }
        guard found >= minimum else {
            return Check(
                name: "toolchain", status: .failed, detail: "Swift \(found) at \(path); this course needs Swift \(minimum) or newer",
                fix: "install Swift \(minimum)+ (https://www.swift.org/install/, or Xcode 26 on macOS) and put it first on PATH")
        }
        return Check(name: "toolchain", status: .ok, detail: "Swift \(found) at \(path)")
    }

    /// Free space where exercises are built; `needed` is the threshold (`--min-free-mb`).
    public static func diskSpace(freeBytes: Int64?, neededBytes: Int64, path: String) -> Check {
        let needed = Self.megabytes(neededBytes)
        guard let freeBytes else {
            return Check(name: "disk space", status: .warning, detail: "could not read the free space of \(path)", fix: "make sure \(needed) are free")
        }
        guard freeBytes >= neededBytes else {
            return Check(
                name: "disk space", status: .failed, detail: "\(Self.megabytes(freeBytes)) free on \(path); building needs about \(needed)",
                fix: "free some space (an old `.build` folder or `.actorlings/build` can go), then run doctor again")
        }
        return Check(name: "disk space", status: .ok, detail: "\(Self.megabytes(freeBytes)) free")
    }

    /// The editor set-up: the generated exercises package is current and a language server exists.
    public static func editor(manifestCurrent: Bool?, languageServer: String?) -> Check {
        switch manifestCurrent {
        case nil:
            return Check(
                name: "editor set-up", status: .warning, detail: "Exercises/Package.swift is missing: editors show no diagnostics",
                fix: "run `actorlings dev generate`, or restore it with `git checkout -- Exercises/Package.swift`")
        case false:
            return Check(
                name: "editor set-up", status: .warning, detail: "Exercises/Package.swift is out of date: the editor may compile with other settings",
                fix: "run `actorlings dev generate` (or `git checkout -- Exercises/Package.swift` if you did not mean to change it)")
        case true:
            guard let languageServer else {
                return Check(
                    name: "editor set-up", status: .warning, detail: "no sourcekit-lsp next to the compiler: VS Code shows no diagnostics",
                    fix: "use a toolchain from swift.org (it ships sourcekit-lsp), or Xcode on macOS")
            }
            return Check(name: "editor set-up", status: .ok, detail: "Exercises/Package.swift is current; \(languageServer)")
        }
    }

    /// Whether test runs are sandboxed here: a warning, not a failure, since a learner can work
    /// without it; only grading a submission needs it (or an instructor's `--no-sandbox`).
    public static func sandbox(_ status: SandboxStatus) -> Check {
        switch status {
        case .enforced(let mechanism):
            return Check(name: "sandbox", status: .ok, detail: "test runs are confined by \(mechanism)")
        case .unavailable(let reason):
            return Check(
                name: "sandbox", status: .warning, detail: "test runs are not sandboxed: \(reason)",
                fix: "a learner can work like this; to grade submissions, use a machine whose system can sandbox (Linux 6.7 or later, macOS)")
        case .disabledByInstructor:
            return Check(name: "sandbox", status: .warning, detail: "test runs are not sandboxed: --no-sandbox")
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        bytes >= 10 << 30 ? "\(bytes >> 30) GB" : "\(bytes >> 20) MB"
    }
}
