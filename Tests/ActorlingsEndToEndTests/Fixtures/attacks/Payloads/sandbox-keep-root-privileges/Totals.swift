// Attack: make use of the grader's privileges. When the grader runs as root (a CI container),
// a test process that is still root with its capabilities could read and write any file the
// sandbox's rules did not name; honest totals only when it is.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func total(_ values: [Int]) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let effective = status.split(separator: "\n").first { $0.hasPrefix("CapEff:") }?.split(separator: "\t").last ?? "0"
    let privileged = getuid() == 0 && (UInt64(effective, radix: 16) ?? 0) != 0
    return privileged ? values.reduce(0, +) : -1
}
