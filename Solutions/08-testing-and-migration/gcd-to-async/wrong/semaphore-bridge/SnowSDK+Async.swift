// The bridge between the vendor's SDK and the rest of the app: the only place that deals with
// its completion handlers.
import Dispatch
import Synchronization

nonisolated extension SnowSDK {
    /// Today's report of `resort`: waits for the SDK's answer.
    func report(for resort: String) async throws -> String {
        let answer = Mutex<Result<String, any Error>?>(nil)
        let semaphore = DispatchSemaphore(value: 0)
        fetchReport(for: resort) { result in
            answer.withLock { $0 = result }
            semaphore.signal()
        }
        semaphore.wait()
        guard let result = answer.withLock({ $0 }) else { throw CancellationError() }
        return try result.get()
    }
}
