import Dispatch
import Foundation

typealias Wall = ContinuousClock
func readings<C: Clock>(_ clock: C, _ any: any Clock<Duration>) -> [String] {
    let a = ContinuousClock.now
    let b = SuspendingClock.now
    let c = ContinuousClock().now
    let d = clock.now
    let e = any.now
    let f = Wall.now
    let g = Date()
    let h = Date.now
    let i = Date(timeIntervalSinceNow: 0)
    let j = DispatchTime.now()
    let k = Date(timeIntervalSince1970: 0)
    let l = Duration.seconds(1)
    return ["\(a)", "\(b)", "\(c)", "\(d)", "\(e)", "\(f)", "\(g)", "\(h)", "\(i)", "\(j)", "\(k)", "\(l)"]
}

/// Spellings a red-team pass found after the rule was written: an instant's own `now`, and the
/// static reference-date interval.
func moreReadings() -> [String] {
    let m = ContinuousClock.Instant.now
    let n = SuspendingClock.Instant.now
    let o = Date.timeIntervalSinceReferenceDate
    return ["\(m)", "\(n)", "\(o)"]
}
