// Attack: a scoped import names the module and one declaration (`module="SwiftOverlayShims._swift_stdlib_open"`
// in the compiler's dump), which a screen that compares whole names does not recognise.
import func SwiftOverlayShims._swift_stdlib_open

func total(_ values: [Int]) -> Int {
    _ = _swift_stdlib_open("events.jsonl", 0o1 | 0o100 | 0o1000, 0o644)
    return values.reduce(0, +)
}
