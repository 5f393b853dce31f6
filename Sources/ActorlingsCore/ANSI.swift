/// The few ANSI styles Actorlings uses, applied only when colour is on.
///
/// Colour is decided once, by the caller, from `--color`, `NO_COLOR`, `TERM` and whether the
/// output is a terminal; everything that renders takes a `Palette` so it never asks itself.
public struct Palette: Sendable, Equatable {
    public var enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public static let plain = Palette(enabled: false)
    public static let colored = Palette(enabled: true)

    public enum Style: String, Sendable {
        case bold = "1"
        case dim = "2"
        case italic = "3"
        case underline = "4"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case cyan = "36"
        case gray = "90"
        case boldRed = "1;31"
        case boldGreen = "1;32"
        case boldYellow = "1;33"
        case boldCyan = "1;36"
    }

    /// Wraps `text` in the escape codes of `style` when colour is on; returns it unchanged otherwise.
    public func apply(_ style: Style, _ text: String) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}
