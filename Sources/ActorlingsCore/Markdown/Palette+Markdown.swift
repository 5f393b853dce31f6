extension Palette {
    /// Wraps `text` in the escape codes of several styles at once.
    ///
    /// `apply(_:_:)` ends with a full reset, so nesting its results (a `code` span in bold text)
    /// would switch the outer style off halfway; the renderer instead applies the combined styles
    /// of each run of text on its own.
    func apply(_ styles: [Style], _ text: String) -> String {
        guard enabled, !text.isEmpty, !styles.isEmpty else { return text }
        var codes: [String] = []
        for style in styles where !codes.contains(style.rawValue) {
            codes.append(style.rawValue)
        }
        return "\u{1B}[\(codes.joined(separator: ";"))m\(text)\u{1B}[0m"
    }
}
