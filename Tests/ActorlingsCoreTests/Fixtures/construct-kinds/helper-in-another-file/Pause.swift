func pause() async {
    try? await Task.sleep(until: .now + .seconds(1), clock: .continuous)
}
