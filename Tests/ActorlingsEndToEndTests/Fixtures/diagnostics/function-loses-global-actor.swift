// swiftc-flags:
/// A legacy notification API: the handler is nonisolated and may run anywhere.
func observeLowMemory(_ handler: @escaping () -> Void) {}

func installLowMemoryHandler(clearCaches: @escaping @MainActor () -> Void) {
    observeLowMemory(clearCaches)
}
