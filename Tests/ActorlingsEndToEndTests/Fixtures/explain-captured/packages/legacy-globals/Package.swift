// swift-tools-version:6.0
import PackageDescription

let package = Package(name: "legacy-globals", targets: [.target(name: "Settings")])
