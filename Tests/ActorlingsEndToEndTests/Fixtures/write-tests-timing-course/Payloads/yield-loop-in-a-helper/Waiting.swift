/// Gives the other tasks plenty of turns: twenty yields.
func letOthersRun() async {
    for _ in 0..<20 { await Task.yield() }
}
