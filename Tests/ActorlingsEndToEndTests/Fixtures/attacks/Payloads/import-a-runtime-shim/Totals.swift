// Attack: the standard library's C shims, which are not named like the C library: their
// `_swift_stdlib_open` creates or truncates any file (tried on Swift 6.3.1, Linux).
import SwiftOverlayShims

func total(_ values: [Int]) -> Int {
    // O_WRONLY | O_CREAT | O_TRUNC on Linux.
    _ = _swift_stdlib_open("events.jsonl", 0o1 | 0o100 | 0o1000, 0o644)
    return values.reduce(0, +)
}
