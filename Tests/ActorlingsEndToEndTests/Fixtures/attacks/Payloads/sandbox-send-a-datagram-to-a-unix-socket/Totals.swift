// Attack: seccomp refuses connect and bind, and Landlock scopes abstract sockets, but neither
// stops a datagram sent with sendto to a Unix socket named by a path (/dev/log, a daemon's
// socket): the message leaves the sandbox.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func total(_ values: [Int]) -> Int {
    #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    #else
        let descriptor = socket(AF_UNIX, SOCK_DGRAM, 0)
    #endif
    guard descriptor >= 0 else { return -1 }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { path in
        for (index, byte) in "/tmp/actorlings-escape-datagram.sock".utf8.enumerated() { path[index] = byte }
    }
    let sent = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            "out of the sandbox".withCString {
                sendto(descriptor, $0, strlen($0), 0, socketAddress, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
    return sent > 0 ? values.reduce(0, +) : -1
}
