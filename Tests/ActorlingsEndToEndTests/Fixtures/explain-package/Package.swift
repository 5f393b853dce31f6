// swift-tools-version: 6.2
// A learner's own package with concurrency errors, for `actorlings explain --build` tests.
import PackageDescription

let package = Package(
    name: "Feed",
    targets: [.target(name: "Feed")],
    swiftLanguageModes: [.v6]
)
