// Attack: signal the grader (the test process's parent); 0 only asks whether it may.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func total(_ values: [Int]) -> Int {
    kill(getppid(), 0) == 0 ? values.reduce(0, +) : -1
}
