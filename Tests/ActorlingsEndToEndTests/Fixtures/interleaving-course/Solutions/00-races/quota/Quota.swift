/// A quota of requests that two tasks share.
actor Quota {
    private(set) var remaining: Int

    init(limit: Int) {
        remaining = limit
    }

    func takeOne() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }
}

/// Where a request writes down what it saw.
protocol RequestLog: Sendable {
    func record(_ line: String) async
}

/// Takes one request if any is left, checked and taken in one visit to the actor.
func request(from quota: Quota, log: any RequestLog) async -> Bool {
    let taken = await quota.takeOne()
    await log.record(taken ? "took one" : "none left")
    return taken
}
