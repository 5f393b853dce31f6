// Attack: an entry point of the learner's own, to run instead of the generated one. Both
// define the symbol `main`; the link fails (ld.lld: duplicate symbol: main), and nothing runs.
@main struct Hijack {
    static func main() {
        print("every test passed")
    }
}

func total(_ values: [Int]) -> Int {
    0
}
