func poll(_ remaining: Int) async {
    guard remaining > 0 else { return }
    try? await Task.sleep(nanoseconds: 1_000)
    await poll(remaining - 1)
}
