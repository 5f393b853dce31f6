/// The shape of a compiler message format (`sending %select{%2 |}0%1 to %3 callee …`): matches
/// any message the compiler can print from it, whatever fills the placeholders and whichever
/// `%select` alternative was chosen, and renders sample messages for the coverage test.
struct MessageShape: Sendable {
    /// A shape with less literal text than this matches too much ("closure captures %0") to be
    /// used on pasted text; its id still matches exactly.
    static let minimumLiteralLength = 12

    indirect enum Node: Sendable {
        case literal([Character])
        /// `%0`, `%kind1`, `%kindonly2` …: any text, possibly empty.
        case hole(modifier: String)
        /// `%select{a|b}N` (or `%sN`, plural): one of the alternatives.
        case choice(index: Int, alternatives: [[Node]])
    }

    let nodes: [Node]
    /// The literal runs outside any choice, each of which a matching message must contain: a
    /// cheap test that rejects most shapes before any backtracking.
    let requiredLiterals: [String]
    /// The literal characters every message of this shape contains (the shortest alternative
    /// of each choice): how specific the shape is.
    let literalLength: Int

    init(format: String) {
        var parser = FormatParser(characters: Array(format.lowercased()))
        nodes = Self.trimmed(parser.sequence(stopAtBar: false))
        literalLength = Self.literalLength(nodes)
        requiredLiterals = nodes.compactMap { node in
            if case .literal(let characters) = node, characters.count > 2 { String(characters) } else { nil }
        }
    }

    private static func trimmed(_ nodes: [Node]) -> [Node] {
        var nodes = nodes
        if case .literal(let characters)? = nodes.last {
            var characters = characters
            while characters.last == " " { characters.removeLast() }
            nodes[nodes.count - 1] = .literal(characters)
        }
        return nodes
    }

    private static func literalLength(_ nodes: [Node]) -> Int {
        nodes.reduce(0) { total, node in
            switch node {
            case .literal(let characters): total + characters.count
            case .hole: total
            case .choice(_, let alternatives): total + (alternatives.map(literalLength).min() ?? 0)
            }
        }
    }

    /// True when the compiler could have printed `message` from this format (case-insensitive).
    func matches(_ message: String) -> Bool {
        let lowered = message.lowercased()
        guard requiredLiterals.allSatisfy(lowered.contains) else { return false }
        var text = Array(lowered)
        while text.last == " " { text.removeLast() }
        return Self.match(nodes[...], text, 0)
    }

    private static func match(_ nodes: ArraySlice<Node>, _ text: [Character], _ position: Int) -> Bool {
        guard let first = nodes.first else { return position == text.count }
        let rest = nodes.dropFirst()
        switch first {
        case .literal(let characters):
            guard position + characters.count <= text.count, text[position..<position + characters.count].elementsEqual(characters) else {
                return false
            }
            return match(rest, text, position + characters.count)
        case .hole:
            if rest.isEmpty { return true }
            for end in position...text.count where match(rest, text, end) { return true }
            return false
        case .choice(_, let alternatives):
            return alternatives.contains { match(ArraySlice($0 + rest), text, position) }
        }
    }

    // MARK: Samples

    /// Messages as the compiler could print them: every alternative of each `%select` (the same
    /// alternative for every select on one argument, as the compiler does), names in the holes.
    func samples(limit: Int = 64) -> [String] {
        var maxima: [Int: Int] = [:]
        Self.collectChoices(nodes, into: &maxima)
        var assignments: [[Int: Int]] = [[:]]
        for (index, count) in maxima.sorted(by: { $0.key < $1.key }) {
            assignments = assignments.flatMap { assignment in
                (0..<count).map { choice in assignment.merging([index: choice]) { $1 } }
            }
            if assignments.count > limit { assignments = Array(assignments.prefix(limit)) }
        }
        var seen = Set<String>()
        return assignments.map { Self.render(nodes, $0) }.filter { !$0.contains("<<error>>") && seen.insert($0).inserted }
    }

    private static func collectChoices(_ nodes: [Node], into maxima: inout [Int: Int]) {
        for case .choice(let index, let alternatives) in nodes {
            maxima[index] = max(maxima[index] ?? 0, alternatives.count)
            alternatives.forEach { collectChoices($0, into: &maxima) }
        }
    }

    private static func render(_ nodes: [Node], _ assignment: [Int: Int]) -> String {
        var out = ""
        for node in nodes {
            switch node {
            case .literal(let characters): out += String(characters)
            case .hole(let modifier): out += sampleName(modifier)
            case .choice(let index, let alternatives):
                out += render(alternatives[min(assignment[index] ?? 0, alternatives.count - 1)], assignment)
            }
        }
        return out
    }

    /// What the compiler puts in a placeholder, e.g. `%kind0` → "instance method 'load()'".
    private static func sampleName(_ modifier: String) -> String {
        switch modifier {
        case "kind": "instance method 'load()'"
        case "kindonly": "instance method"
        case "kindbase", "base": "'load'"
        case "noun": "global actor 'mainactor'-isolated"
        case "error": "<<error>>"
        default: "'feed'"
        }
    }
}

/// Reads a format into shape nodes.
private struct FormatParser {
    let characters: [Character]
    var position = 0

    /// Nodes up to the end, or (inside a `%select`) up to the next `|` or `}` at this depth.
    mutating func sequence(stopAtBar: Bool) -> [MessageShape.Node] {
        var nodes: [MessageShape.Node] = []
        var literal: [Character] = []
        func flush() {
            if !literal.isEmpty { nodes.append(.literal(literal)) }
            literal = []
        }
        while position < characters.count {
            let character = characters[position]
            if stopAtBar, character == "|" || character == "}" { break }
            guard character == "%", position + 1 < characters.count else {
                literal.append(character)
                position += 1
                continue
            }
            position += 1
            var modifier = ""
            while position < characters.count, characters[position].isLetter {
                modifier.append(characters[position])
                position += 1
            }
            if modifier == "select", position < characters.count, characters[position] == "{" {
                position += 1
                var alternatives: [[MessageShape.Node]] = []
                while position < characters.count {
                    alternatives.append(sequence(stopAtBar: true))
                    guard position < characters.count else { break }
                    let separator = characters[position]
                    position += 1
                    if separator == "}" { break }
                }
                flush()
                nodes.append(.choice(index: number(), alternatives: alternatives))
            } else if modifier.isEmpty, position < characters.count, !characters[position].isNumber {
                literal.append("%")  // "%%" or a stray percent sign
                if characters[position] == "%" { position += 1 }
            } else if modifier == "s" {
                flush()
                nodes.append(.choice(index: number(), alternatives: [[], [.literal(["s"])]]))
            } else {
                flush()
                _ = number()
                nodes.append(.hole(modifier: modifier))
            }
        }
        flush()
        return nodes
    }

    private mutating func number() -> Int {
        var digits = ""
        while position < characters.count, characters[position].isNumber {
            digits.append(characters[position])
            position += 1
        }
        return Int(digits) ?? -1
    }
}
