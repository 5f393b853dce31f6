import Dispatch

/// Suspends while a block runs on a dispatch queue: the other tasks get a turn meanwhile.
func letOthersRun() async {
    await withCheckedContinuation { done in
        DispatchQueue.global().async { done.resume() }
    }
}
