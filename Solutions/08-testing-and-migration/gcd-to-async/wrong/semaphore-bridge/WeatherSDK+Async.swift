import Dispatch
import Synchronization

// The bridge between the vendor's SDK and the rest of the app: the only place that deals with
// its completion handlers and its queue.

nonisolated extension WeatherSDK {
    /// The report of `city`: waits for the SDK's callback.
    func report(for city: String) async throws -> String {
        let answered = DispatchSemaphore(value: 0)
        let answer = Mutex<Result<String, any Error>?>(nil)
        fetchReport(for: city) { result in
            answer.withLock { $0 = result }
            answered.signal()
        }
        answered.wait()
        return try answer.withLock { $0! }.get()
    }
}
