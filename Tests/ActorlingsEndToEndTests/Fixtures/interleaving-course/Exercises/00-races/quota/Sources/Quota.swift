/// A quota of requests that two tasks share.
actor Quota {
    private(set) var remaining: Int

    init(limit: Int) {
        remaining = limit
    }

    func takeOne() {
        remaining -= 1
    }
}

/// Where a request writes down what it saw.
protocol RequestLog: Sendable {
    func record(_ line: String) async
}

/// Takes one request if any is left: read in one visit to the actor, logged, and taken in the
/// next visit. (With no `await` between the two visits, the compiler keeps the task on the actor
/// from one to the next: nothing can run in between.)
func request(from quota: Quota, log: any RequestLog) async -> Bool {
    let left = await quota.remaining
    await log.record("sees remaining = \(left)")
    guard left > 0 else { return false }
    await quota.takeOne()
    return true
}
