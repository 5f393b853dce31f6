// Attack: take the C name of a call the test binary's entry point makes. Linked into the same
// binary, this `unsetenv` is the one the entry point calls (tried on Swift 6.3.1, Linux), so the
// event stream's variable is never removed from the environment the tests run in.
@c(unsetenv) public func keepTheEnvironment(_ name: OpaquePointer?) -> Int32 {
    0
}

func total(_ values: [Int]) -> Int {
    values.reduce(0, +)
}
