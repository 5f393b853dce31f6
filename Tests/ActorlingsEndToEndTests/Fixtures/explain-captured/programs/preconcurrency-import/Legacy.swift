public final class Settings {
    public var volume = 1
    public init() {}
}
