// Attack: the test framework in the learner's module (to declare tests or record issues of its own).
import Testing

func total(_ values: [Int]) -> Int {
    values.reduce(0, +)
}
