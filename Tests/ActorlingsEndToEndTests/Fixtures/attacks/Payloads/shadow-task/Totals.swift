// Attack: a `Task` of the learner's own. The tests import this module, so their `Task { … }`
// resolves to it rather than to the standard one (tried on Swift 6.3.1 in
// reentrancy-check-then-act: the tests failed to compile against this type's generics): one that
// ran each operation to its end at once would keep a race test from ever overlapping two calls.
struct Task<Success: Sendable, Failure: Error>: Sendable {
    init(operation: sending @escaping @isolated(any) () async throws -> Success) {}
}

func total(_ values: [Int]) -> Int {
    values.reduce(0, +)
}
