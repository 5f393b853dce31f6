// swift-tools-version: 6.2
// Fails to parse, so the compiler never gets to the concurrency checks.
import PackageDescription

let package = Package(name: "Player", targets: [.target(name: "Player")], swiftLanguageModes: [.v6])
