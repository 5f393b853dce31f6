/// The compiler settings of one exercise (or one lesson code block).
///
/// One value drives both the engine's `swiftc` command line and the generated
/// `Exercises/Package.swift`, so what the learner's IDE shows and what `actorlings` reports
/// come from the same settings.
public struct CompilerSettings: Sendable, Hashable, Codable {
    public enum LanguageMode: Int, Sendable, Hashable, Codable {
        case swift5 = 5
        case swift6 = 6
    }

    public enum DefaultIsolation: String, Sendable, Hashable, Codable {
        case mainActor = "MainActor"
        case nonisolated
    }

    public enum StrictConcurrency: String, Sendable, Hashable, Codable {
        case minimal, targeted, complete
    }

    public enum Sanitizer: String, Sendable, Hashable, Codable {
        case thread
    }

    public var languageMode: LanguageMode
    public var defaultIsolation: DefaultIsolation
    public var upcomingFeatures: [String]
    /// Only meaningful in Swift 5 mode; Swift 6 mode always checks completely.
    public var strictConcurrency: StrictConcurrency?
    public var sanitizer: Sanitizer?
    /// A migration exercise: built in Swift 5 mode (which must have zero warnings) and also
    /// checked in Swift 6 mode (which must have zero errors), so the learner sees which of
    /// today's warnings are tomorrow's errors.
    public var alsoCheckSwift6 = false
    /// The oldest macOS the exercise's code runs on, when it needs an API newer than the
    /// course's floor (`minimum-macos`); `nil` for the floor.
    public var minimumMacOS: MacOSVersion?

    /// The oldest macOS the exercise can be checked on: its `minimum-macos`, or the course's floor.
    public var requiredMacOS: MacOSVersion {
        max(minimumMacOS ?? MacOSVersion.courseFloor, MacOSVersion.courseFloor)
    }

    public init(
        languageMode: LanguageMode = .swift6,
        defaultIsolation: DefaultIsolation = .nonisolated,
        upcomingFeatures: [String] = [],
        strictConcurrency: StrictConcurrency? = nil,
        sanitizer: Sanitizer? = nil
    ) {
        self.languageMode = languageMode
        self.defaultIsolation = defaultIsolation
        self.upcomingFeatures = upcomingFeatures
        self.strictConcurrency = strictConcurrency
        self.sanitizer = sanitizer
    }

    /// Xcode's "Approachable Concurrency" in Swift 6 mode: SwiftPM has no single switch for it.
    public static let approachableFeatures = ["NonisolatedNonsendingByDefault", "InferIsolatedConformances"]

    /// Upcoming features this toolchain generation knows. The compiler silently ignores a
    /// misspelled feature name, so the course loader rejects names outside this list.
    public static let knownUpcomingFeatures: Set<String> = [
        "NonisolatedNonsendingByDefault", "InferIsolatedConformances", "InferSendableFromCaptures",
        "GlobalActorIsolatedTypesUsability", "RegionBasedIsolation", "DisableOutwardActorInference",
        "GlobalConcurrency", "IsolatedDefaultValues", "DynamicActorIsolation", "StrictConcurrency",
        "ExistentialAny", "InternalImportsByDefault", "MemberImportVisibility", "ImmutableWeakCaptures",
        // Migration mode: warns where the feature would change behaviour (lesson blocks of step 7).
        "NonisolatedNonsendingByDefault:migrate",
    ]

    /// The `swiftc` flags for these settings, shared by the exercise module and its tests.
    public var compilerFlags: [String] {
        var flags = ["-swift-version", String(languageMode.rawValue)]
        if languageMode == .swift5, let strictConcurrency {
            flags += ["-strict-concurrency=\(strictConcurrency.rawValue)"]
        }
        if defaultIsolation == .mainActor {
            flags += ["-default-isolation", "MainActor"]
        }
        for feature in upcomingFeatures {
            flags += ["-enable-upcoming-feature", feature]
        }
        if sanitizer == .thread {
            flags += ["-sanitize=thread"]
        }
        return flags
    }

    /// A short human description, e.g. "Swift 6, main actor by default, approachable concurrency".
    public var summary: String {
        var parts = ["Swift \(languageMode.rawValue)"]
        if languageMode == .swift5, let strictConcurrency {
            parts.append("\(strictConcurrency.rawValue) concurrency checking")
        }
        if defaultIsolation == .mainActor { parts.append("main actor by default") }
        let features = Set(upcomingFeatures)
        if features.isSuperset(of: Self.approachableFeatures) {
            parts.append("approachable concurrency")
        }
        let others = upcomingFeatures.filter { !Self.approachableFeatures.contains($0) }
        if !others.isEmpty { parts.append(others.joined(separator: ", ")) }
        if sanitizer == .thread { parts.append("Thread Sanitizer") }
        if alsoCheckSwift6 { parts.append("also checked in Swift 6 mode") }
        if let minimumMacOS, minimumMacOS > MacOSVersion.courseFloor { parts.append("needs \(minimumMacOS.name) or newer") }
        return parts.joined(separator: ", ")
    }
}
