// Attack: an `==` for every integer type, always true, for the tests' `total(…) == 6` to find.
// Forbidden by default (standard-name-shadowing); allowed, overload ranking prefers the
// standard library's concrete `Int.==` and the tests fail honestly.
public func == <T: BinaryInteger>(lhs: T, rhs: T) -> Bool { true }

func total(_ values: [Int]) -> Int {
    0
}
