// swiftc-flags:
import Glibc

/// Makes sure a progress line appears before a long pause.
func flushProgressLine() {
    fflush(stdout)
}
