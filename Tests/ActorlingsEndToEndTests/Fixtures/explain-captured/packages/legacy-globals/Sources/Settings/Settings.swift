// Configuration kept in global variables, as code written before strict concurrency often is.
public var retryCount = 3
public var timeoutSeconds = 30.0
public var verboseLogging = false
public var serverName = "localhost"
public var maximumConnections = 8

public final class Cache {
    var entries: [String: String] = [:]
    public init() {}
}

public func warm(_ cache: Cache) async {
    await withTaskGroup(of: Void.self) { group in
        group.addTask { cache.entries["warm"] = "yes" }
    }
}
