// Attack: when the grader is root, the launcher hands every path the test may write to `nobody`
// with chown, /dev/null included, and Landlock does not govern a file's mode. The test process
// (nobody) then owns the machine's /dev/null and may chmod it. The mode given here is the one it
// already has, so the attack proves the ownership without breaking the machine; 000 would break
// every unprivileged program on it.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func total(_ values: [Int]) -> Int {
    chmod("/dev/null", 0o666) == 0 ? values.reduce(0, +) : -1
}
