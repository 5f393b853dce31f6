/// A Swift toolchain version such as 6.2 or 6.3.1, comparable component by component.
public struct ToolchainVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var components: [Int]

    public init(_ components: [Int]) {
        self.components = components
    }

    /// Parses `6.2`, `6.3.1`; nil for anything else.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 4 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        self.components = numbers
    }

    /// Finds the version in `swiftc --version` output: "… Swift version 6.3.1 (swift-6.3.1-RELEASE) …".
    public init?(swiftVersionOutput output: String) {
        guard let range = output.range(of: "Swift version ") else { return nil }
        let rest = output[range.upperBound...]
        let token = rest.prefix { $0.isNumber || $0 == "." }
        self.init(parsing: token)
    }

    public var description: String { components.map(String.init).joined(separator: ".") }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}
