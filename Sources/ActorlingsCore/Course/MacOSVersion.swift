/// A macOS version, as an exercise's `minimum-macos` setting and a Mac's system report it.
///
/// SwiftPM's `platforms:` is one value for a whole package, and the engine compiles for one
/// deployment target, so an exercise that needs an API newer than the course's floor (macOS 15)
/// says so in `exercise.toml`; the generated package takes the newest any exercise needs, the
/// engine compiles each exercise for its own, and an older Mac gets words instead of a link error.
public struct MacOSVersion: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// "26", "26.0" or "15.4"; `nil` for anything else (a patch number is not a deployment target).
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let major = Int(parts[0]), let minor = parts.count == 2 ? Int(parts[1]) : 0
        else { return nil }
        self.init(major, minor)
    }

    /// "26.0": the form a deployment target and `.macOS("26.0")` take.
    public var description: String { "\(major).\(minor)" }

    /// "26" or "15.4": the form a learner reads.
    public var name: String { minor == 0 ? "macOS \(major)" : "macOS \(major).\(minor)" }

    public static func < (lhs: MacOSVersion, rhs: MacOSVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// The oldest macOS the course runs on: what `Mutex` and `Atomic` need, and what every
    /// exercise gets unless it asks for more.
    public static let courseFloor = MacOSVersion(15)

    /// The macOS the engine compiles for: the generated package's (`ExercisesManifest.platform`),
    /// so that it accepts and rejects what the learner's IDE does — or the running system, when
    /// that is older, since code built for a newer macOS does not run on it. (`swiftc`'s own
    /// default is the running system, whatever the package says.)
    public static func deploymentTarget(package: MacOSVersion, running: MacOSVersion) -> MacOSVersion {
        min(package, running)
    }
}
