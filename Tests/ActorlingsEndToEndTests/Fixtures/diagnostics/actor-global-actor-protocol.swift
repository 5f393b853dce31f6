// swiftc-flags:
/// Everything that drives a screen must run on the main actor.
@MainActor protocol ScreenPresenter {
    func present()
}

actor ProfileLoader: ScreenPresenter {
    func present() {}
}
