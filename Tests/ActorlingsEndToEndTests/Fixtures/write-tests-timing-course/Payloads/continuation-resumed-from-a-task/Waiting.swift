/// Suspends until a task started here has run: the other tasks get a turn meanwhile.
func letOthersRun() async {
    await withCheckedContinuation { done in
        Task { done.resume() }
    }
}
