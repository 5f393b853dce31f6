// swiftc-flags:
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Makes sure a progress line appears before a long pause.
func flushProgressLine() {
    fflush(stdout)
}
