// swiftc-flags:
/// Calls the closure once for each chunk, possibly several at a time.
func forEachChunkConcurrently(_ body: @escaping @Sendable (Int) -> Void) {}

func countBytes() {
    var total = 0
    forEachChunkConcurrently { size in
        total += size
    }
}

func logProgress() {
    var label = "import"
    label += " (resumed)"
    forEachChunkConcurrently { size in
        print("\(label): \(size)")
    }
}

func accumulate(into total: inout Int) {
    forEachChunkConcurrently { size in
        total += size
    }
}
