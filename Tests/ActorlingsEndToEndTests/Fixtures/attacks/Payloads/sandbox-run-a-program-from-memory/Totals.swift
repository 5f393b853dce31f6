// Attack: the policy may execute only the test binary, the symbolizer and the dynamic loader.
// Landlock does not govern files of the kernel's internal mounts, so a copy of any program the
// test can read, written to a memfd, can be executed through /proc/self/fd: here the toolchain's
// swift-demangle.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

typealias Syscall = @convention(c) (Int, Int, Int) -> Int

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
    let maps = contents(of: "/proc/self/maps")
    guard let library = maps.split(separator: "\n").compactMap({ $0.split(separator: " ").last }).first(where: { $0.hasSuffix("/libswiftCore.so") }),
        let lib = library.range(of: "/lib/swift/"),
        let bytes = FileManager.default.contents(atPath: String(library[..<lib.lowerBound]) + "/bin/swift-demangle"),
        let syscall = dlsym(nil, "syscall").map({ unsafeBitCast($0, to: Syscall.self) })
    else { return -1 }
    // memfd_create (319 on x86_64, 279 on aarch64).
    #if arch(x86_64)
        let memfdCreate = 319
    #else
        let memfdCreate = 279
    #endif
    let name = strdup("copy")
    let memory = Int32(syscall(memfdCreate, Int(bitPattern: name), 0))
    guard memory >= 0 else { return -1 }
    let written = bytes.withUnsafeBytes { write(memory, $0.baseAddress, $0.count) }
    guard written == bytes.count else { return -1 }
    var child: pid_t = 0
    let program = "/proc/self/fd/\(memory)"
    let words = [program, "--help"]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    // Run from a memfd, the program's $ORIGIN is /proc/self/fd: name its libraries' folder.
    let environment: [UnsafeMutablePointer<CChar>?] = [strdup("LD_LIBRARY_PATH=" + String(library[..<lib.lowerBound]) + "/lib/swift/linux"), nil]
    guard posix_spawn(&child, program, nil, nil, arguments, environment) == 0 else { return -1 }
    var status: Int32 = 0
    waitpid(child, &status, 0)
    return status == 0 ? values.reduce(0, +) : -1
}
