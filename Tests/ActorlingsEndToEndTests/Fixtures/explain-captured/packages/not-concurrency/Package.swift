// swift-tools-version: 6.2
// Warnings that are not about concurrency, in a target whose path says "Actors" and with
// messages that say "task": none of them may count as concurrency diagnostics.
import PackageDescription

let package = Package(name: "Actors", targets: [.target(name: "Actors")], swiftLanguageModes: [.v6])
