func waitForever() async {
    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
}
