/// A quota of requests, shared by everything that takes from it.
actor Quota {
    private(set) var remaining: Int

    init(_ limit: Int) {
        remaining = limit
    }

    func take() -> Bool {
        if remaining == 0 { return false }
        remaining -= 1
        return true
    }

    func topUp() {
        remaining += 1
    }
}

/// Takes `count` requests from the quota side by side, and returns how many it got.
func takeMany(_ count: Int, from quota: Quota) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<count {
            // TODO: a batch cancelled before it begins still takes requests
            group.addTask { await quota.take() }
        }
        var taken = 0
        for await took in group where took { taken += 1 }
        return taken
    }
}

/// Tops the quota up until the task is cancelled.
func keepToppedUp(_ quota: Quota) async {
    while !Task.isCancelled {
        await quota.topUp()
        await Task.yield()
    }
}

/// The words of a request's text, counted off the caller's actor.
@concurrent func wordCount(_ text: String) async -> Int {
    text.split(separator: " ").count
}
