// swift-tools-version: 6.2
// The Actorlings tool. The course's exercises live in a separate package,
// `Exercises/Package.swift`, so that `swift test` here never builds them.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Actorlings",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "actorlings", targets: ["actorlings"])
    ],
    targets: [
        // Pure logic: course model, parsers, renderers, reports. No processes, no files.
        .target(name: "ActorlingsCore", swiftSettings: strict),
        // The system calls Swift can't call directly (variadic, or behind feature macros and SDK
        // versions): one C function each, nothing decided there.
        .target(name: "ActorlingsSystem"),
        // The sandbox launcher's policy and system calls: no Foundation, so the launcher starts fast.
        .target(name: "ActorlingsSandbox", dependencies: ["ActorlingsSystem"], swiftSettings: strict),
        // Effects: processes, files, the terminal, the toolchain.
        .target(
            name: "ActorlingsRuntime", dependencies: ["ActorlingsCore", "ActorlingsSandbox", "ActorlingsSystem"], swiftSettings: strict),
        // Commands: parse → validate → run → exit code.
        .target(name: "ActorlingsCLI", dependencies: ["ActorlingsCore", "ActorlingsRuntime"], swiftSettings: strict),
        // Runs each test binary in the sandbox; built with the tool (a dependency), beside it.
        .executableTarget(name: "actorlings-sandbox", dependencies: ["ActorlingsSandbox"], swiftSettings: strict),
        .executableTarget(
            name: "actorlings", dependencies: ["ActorlingsCLI", "ActorlingsRuntime", "ActorlingsCore", "ActorlingsSandbox", "actorlings-sandbox"],
            swiftSettings: strict),
        // What the test targets share: one golden-file helper, the process probe.
        .target(
            name: "ActorlingsTestSupport", dependencies: ["ActorlingsCLI", "ActorlingsRuntime"], path: "Tests/ActorlingsTestSupport", swiftSettings: strict),
        .testTarget(
            name: "ActorlingsCoreTests",
            dependencies: ["ActorlingsCore", "ActorlingsSandbox", "ActorlingsTestSupport"],
            exclude: ["Golden", "Fixtures"],
            swiftSettings: strict
        ),
        // Runtime's own: processes, files, the terminal, the toolchain, the file watcher.
        .testTarget(
            name: "ActorlingsRuntimeTests",
            dependencies: ["ActorlingsRuntime", "ActorlingsCore", "ActorlingsTestSupport"],
            swiftSettings: strict
        ),
        // The commands in-process: parsing, help, what is decided before a build, explain over
        // captured compiler output, the corpora of diagnostics and honest answers.
        .testTarget(
            name: "ActorlingsCLITests",
            dependencies: ["ActorlingsCLI", "ActorlingsRuntime", "ActorlingsCore", "ActorlingsTestSupport"],
            swiftSettings: strict
        ),
        // The built binary end to end, against fixture courses, and in a terminal: every command,
        // grading, the sandbox under attack, the fault suite, the course's own soundness.
        .testTarget(
            name: "ActorlingsEndToEndTests",
            dependencies: ["ActorlingsCLI", "ActorlingsRuntime", "ActorlingsCore", "ActorlingsSandbox", "ActorlingsTestSupport"],
            exclude: ["Fixtures", "Golden"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
