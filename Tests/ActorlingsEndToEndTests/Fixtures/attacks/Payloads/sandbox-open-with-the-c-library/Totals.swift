// Attack: create a file with the C library's open(2), below any Foundation spelling.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func total(_ values: [Int]) -> Int {
    let descriptor = open("/tmp/actorlings-escape-open", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return -1 }
    close(descriptor)
    return values.reduce(0, +)
}
