// swiftc-flags:
/// Schedules work on a background timer; the closure may run on any thread.
func everySecond(_ work: @escaping @Sendable () -> Void) {}

@MainActor final class StopwatchModel {
    var elapsed = 0

    func start() {
        everySecond {
            self.elapsed += 1
        }
    }

    func redraw() {}

    func startRedrawing() {
        everySecond {
            self.redraw()
        }
    }
}
