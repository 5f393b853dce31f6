// Attack: the policy may execute only the test binary, the symbolizer and the dynamic loader. But
// the loader, run as a program, maps and runs any program it can read: here the toolchain's
// swift-demangle, which no rule lets the test execute.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole of a file that reports no size (/proc).
func contents(of path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func total(_ values: [Int]) -> Int {
    // The toolchain the test binary runs on: <root>/lib/swift/linux/libswiftCore.so.
    let maps = contents(of: "/proc/self/maps")
    guard let library = maps.split(separator: "\n").compactMap({ $0.split(separator: " ").last }).first(where: { $0.hasSuffix("/libswiftCore.so") }),
        let lib = library.range(of: "/lib/swift/")
    else { return -1 }
    let program = String(library[..<lib.lowerBound]) + "/bin/swift-demangle"
    #if arch(x86_64)
        let loader = "/lib64/ld-linux-x86-64.so.2"
    #else
        let loader = "/lib/ld-linux-aarch64.so.1"
    #endif
    var child: pid_t = 0
    let words = [loader, program, "--help"]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    guard posix_spawn(&child, loader, nil, nil, arguments, nil) == 0 else { return -1 }
    var status: Int32 = 0
    waitpid(child, &status, 0)
    // Exited (not killed by a signal) with status 0: the program ran to its end.
    return status == 0 ? values.reduce(0, +) : -1
}
