/// Runs many independent pieces of work, at most `jobs` at a time, in the order given.
public enum BoundedTasks {
    /// The results in the order of `count`'s indices. Work starts in index order, or in the
    /// order `startOrder` gives (a permutation of the indices), so work listed first (e.g. the
    /// first student, whose compiled tests the others reuse, or the dearest check) finishes first.
    public static func map<Result: Sendable>(
        _ count: Int, jobs: Int, startOrder: [Int]? = nil, _ body: @escaping @Sendable (Int) async throws -> Result
    ) async throws -> [Result] {
        var results: [Result?] = Array(repeating: nil, count: count)
        let order = startOrder.flatMap { $0.count == count && Set($0) == Set(0..<count) ? $0 : nil } ?? Array(0..<count)
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func startNext() {
                guard next < count else { return }
                let index = order[next]
                group.addTask { (index, try await body(index)) }
                next += 1
            }
            for _ in 0..<min(max(1, jobs), count) { startNext() }
            while let (index, result) = try await group.next() {
                results[index] = result
                startNext()
            }
        }
        return results.compactMap { $0 }
    }
}
