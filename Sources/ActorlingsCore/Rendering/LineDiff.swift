/// A line diff (longest common subsequence) rendered in unified style, for `actorlings solution`.
///
/// Exercise files are short (under a few hundred lines), so the quadratic table is cheap and the
/// simplest correct choice.
public enum LineDiff {
    public enum Line: Sendable, Equatable {
        case same(String), removed(String), added(String)
    }

    public static func diff(_ old: String, _ new: String) -> [Line] {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [Line] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append(.same(a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                result.append(.removed(a[i])); i += 1
            } else {
                result.append(.added(b[j])); j += 1
            }
        }
        return result
    }

    /// Unified-style text with `context` unchanged lines around each change; empty when equal.
    public static func render(_ lines: [Line], palette: Palette, context: Int = 2) -> String {
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        guard !changed.isEmpty else { return "" }
        var visible = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(lines.count - 1, index + context) { visible.insert(near) }
        }
        var out: [String] = []
        var previous: Int?
        for index in visible.sorted() {
            if let previous, index > previous + 1 { out.append(palette.apply(.dim, "  ⋮")) }
            switch lines[index] {
            case .same(let text): out.append("  " + text)
            case .removed(let text): out.append(palette.apply(.red, "- " + text))
            case .added(let text): out.append(palette.apply(.green, "+ " + text))
            }
            previous = index
        }
        return out.joined(separator: "\n") + "\n"
    }
}
