// swiftc-flags:
/// A checksum: pure computation, synchronous.
@concurrent func checksum(of bytes: [UInt8]) -> Int {
    bytes.reduce(0) { $0 &+ Int($1) }
}

nonisolated(nonsending) func normalize(_ text: String) -> String {
    text.lowercased()
}

func startExport() {
    let work = { @concurrent in
        print("exporting")
    }
    work()
}
