import ActorlingsRuntime
import Synchronization
import Testing

@Suite("Bounded parallel work")
struct BoundedTasksTests {
    @Test("Work starts in the order given, and the results come back in index order", arguments: [1, 3])
    func startOrder(jobs: Int) async throws {
        let started = Mutex<[Int]>([])
        let results = try await BoundedTasks.map(5, jobs: jobs, startOrder: [4, 2, 0, 1, 3]) { index in
            started.withLock { $0.append(index) }
            return index * 10
        }
        #expect(results == [0, 10, 20, 30, 40])
        if jobs == 1 { #expect(started.withLock { $0 } == [4, 2, 0, 1, 3]) }
        #expect(started.withLock { $0.sorted() } == [0, 1, 2, 3, 4])
    }

    @Test("An order that is not a permutation of the indices is ignored, not trusted")
    func badOrder() async throws {
        let started = Mutex<[Int]>([])
        let results = try await BoundedTasks.map(3, jobs: 1, startOrder: [0, 0, 1]) { index in
            started.withLock { $0.append(index) }
            return index
        }
        #expect(results == [0, 1, 2])
        #expect(started.withLock { $0 } == [0, 1, 2])
    }
}
