import ActorlingsCore

extension Console {
    /// Writes a command's whole output; in a terminal narrower than a line, wrapped at words,
    /// where the terminal would break it mid-word (a line laid out as a column — a key, an
    /// exercise, an option — continues under its description).
    ///
    /// Only for text that ends its lines: a question waiting on the same line is written as is.
    func writeWrapped(_ text: String) {
        guard isInteractive, !text.isEmpty else {
            write(text)
            return
        }
        write(WatchScreen(width: width, height: 1).wrap(text, hanging: true).joined(separator: "\n") + "\n")
    }
}
