// Course support code: the exercises' tests import it; learners read it, never change it.

/// A small, fast generator whose numbers depend only on its seed: the same seed chooses the
/// same schedule on every machine (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// How one schedule picks the next job among those ready to run.
public enum Strategy: Sendable, Equatable, CustomStringConvertible {
    /// Any ready job, each as likely as the others.
    case random
    /// Probabilistic concurrency testing: every task gets a random priority, the highest ready
    /// one runs, and at `depth - 1` random steps the running task drops below all others. A bug
    /// that needs `depth` ordered events among `n` tasks and `k` steps is found with probability
    /// at least 1 / (n · k^(depth-1)) per schedule.
    case priorities(depth: Int)

    /// The strategy of the schedule numbered `seed`: one in three is random, the others are
    /// PCT of depth 2 and 3, so that one number says everything about a schedule.
    public init(seed: UInt64) {
        switch seed % 3 {
        case 0: self = .random
        case 1: self = .priorities(depth: 2)
        default: self = .priorities(depth: 3)
        }
    }

    public var description: String {
        switch self {
        case .random: "random"
        case .priorities(let depth): "priorities of depth \(depth)"
        }
    }
}

/// Picks the next job of one schedule: a pure function of the seed and of the jobs offered so far.
struct Chooser {
    private var generator: SeededGenerator
    let strategy: Strategy
    /// PCT's priorities by task: higher runs first. Lowered ones are 1 ..< depth, below any other.
    private var priorities: [UInt64: UInt64] = [:]
    /// The steps at which the running task's priority drops, and what it drops to.
    private var changePoints: [Int: UInt64] = [:]
    private(set) var step = 0

    init(seed: UInt64, expectedSteps: Int) {
        generator = SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        strategy = Strategy(seed: seed)
        if case .priorities(let depth) = strategy, depth > 1 {
            let steps = max(expectedSteps, depth)
            for lowered in 1..<depth {
                var point = Int.random(in: 1...steps, using: &generator)
                while changePoints[point] != nil { point = point % steps + 1 }
                changePoints[point] = UInt64(lowered)
            }
        }
    }

    /// The index in `ready` of the job to run, given the task of each job (nil when unknown).
    mutating func choose(among ready: [UInt64?]) -> Int {
        precondition(!ready.isEmpty, "nothing to choose from")
        step += 1
        switch strategy {
        case .random:
            return Int.random(in: 0..<ready.count, using: &generator)
        case .priorities:
            for task in ready.compactMap({ $0 }) where priorities[task] == nil {
                // Fresh tasks rank among the others at random, always above every lowered one.
                priorities[task] = generator.next() | (1 << 62)
            }
            var best = highest(ready)
            if let lowered = changePoints[step], let task = ready[best] {
                priorities[task] = lowered
                best = highest(ready)
            }
            return best
        }
    }

    private func highest(_ ready: [UInt64?]) -> Int {
        var best = 0
        for index in ready.indices where rank(ready[index]) > rank(ready[best]) {
            best = index
        }
        return best
    }

    /// A job whose task is unknown ranks in the middle, so it is neither always first nor last.
    private func rank(_ task: UInt64?) -> UInt64 {
        task.flatMap { priorities[$0] } ?? (1 << 62)
    }
}
