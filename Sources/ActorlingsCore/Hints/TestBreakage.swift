/// Finds compile errors that land in an exercise's tests — in a test file, or in a Swift Testing
/// macro's expansion buffer — and maps each back to the line of the test file.
///
/// Tests are protected and compile against the exercise's code as shipped, so an error there
/// means the learner's change broke what the tests expect (a renamed function, a changed
/// parameter or type), not that a test is wrong.
public enum TestBreakage {
    /// One error of the tests, at a line of a test file.
    public struct Location: Sendable, Equatable {
        /// The repository-relative test file.
        public var file: String
        public var line: Int
        public var column: Int?
        /// The macro whose expansion the error is in (`expect`), if any.
        public var macro: String?
        public var message: String

        public init(file: String, line: Int, column: Int? = nil, macro: String? = nil, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.macro = macro
            self.message = message
        }
    }

    static let macroBufferMarker = "@__swiftmacro_"

    /// The errors of `diagnostics` that lie in the exercise's protected tests, in order. In an
    /// exercise that asks for tests, the learner's own test files are theirs: an error there is
    /// one to fix in that file, not a sign that a change broke what the tests expect.
    public static func locations(in diagnostics: [Diagnostic], exercise: Exercise) -> [Location] {
        diagnostics.filter { $0.severity == .error }.compactMap { location(of: $0, exercise: exercise) }
            .filter { !isLearnerFile($0.file, exercise: exercise) }
    }

    static func isLearnerFile(_ path: String, exercise: Exercise) -> Bool {
        exercise.kind == .writeTests && exercise.sourcePaths.contains { path == $0 || path.hasSuffix("/" + $0) }
    }

    /// Where in the tests `diagnostic` lies, or nil when it is not in a test file.
    public static func location(of diagnostic: Diagnostic, exercise: Exercise) -> Location? {
        guard let file = diagnostic.file, let line = diagnostic.line else { return nil }
        if isTestFile(file, exercise: exercise) {
            return Location(file: file, line: line, column: diagnostic.column, message: diagnostic.message)
        }
        guard file.contains(macroBufferMarker) else { return nil }
        // The compiler follows an error in an expansion with "in expansion of macro 'expect' here"
        // at the macro's use; the outermost use is the line the learner can read.
        let uses = diagnostic.notes.filter { $0.identifier == "in_macro_expansion" || $0.message.hasPrefix("in expansion of macro") }
        if let use = uses.last(where: { $0.file.map { isTestFile($0, exercise: exercise) } ?? false }), let useFile = use.file, let useLine = use.line {
            return Location(file: useFile, line: useLine, column: use.column, macro: macroName(in: use.message), message: diagnostic.message)
        }
        // No note: the buffer's name encodes the file and the zero-based line and column of the use.
        guard let decoded = decodeBufferName(file, testPaths: exercise.testPaths) else { return nil }
        return Location(file: decoded.file, line: decoded.line, column: decoded.column, macro: decoded.macro, message: diagnostic.message)
    }

    static func isTestFile(_ path: String, exercise: Exercise) -> Bool {
        path.hasPrefix(exercise.testsPath + "/") || exercise.testPaths.contains { path.hasSuffix("/" + $0) }
    }

    /// `in expansion of macro 'expect' here` → `expect`.
    static func macroName(in message: String) -> String? {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// Reads `…/@__swiftmacro_12GreeterTests0023GreeterTestsswift_elFCffMX8_4_6expectfMf_.swift`:
    /// the mangled file name contains the test file's name without punctuation, `MX8_4_` is the
    /// zero-based line and column of the macro's use, and `6expect` its name.
    static func decodeBufferName(_ path: String, testPaths: [String]) -> (file: String, line: Int, column: Int, macro: String?)? {
        guard let start = path.range(of: macroBufferMarker) else { return nil }
        let name = String(path[start.upperBound...])
        let compact = { (text: String) in String(text.filter { $0.isLetter || $0.isNumber }) }
        let candidates = testPaths.filter { path in
            let fileName = path.split(separator: "/").last.map(String.init) ?? path
            return name.contains(compact(fileName))
        }
        guard let file = candidates.max(by: { $0.count < $1.count }), let marker = name.range(of: "MX") else { return nil }
        let numbers = name[marker.upperBound...].split(separator: "_", maxSplits: 2)
        guard numbers.count == 3, let line = Int(numbers[0]), let column = Int(numbers[1]) else { return nil }
        let rest = numbers[2]
        let digits = rest.prefix { $0.isNumber }
        let macro = Int(digits).map { String(rest.dropFirst(digits.count).prefix($0)) }
        return (file, line + 1, column + 1, macro)
    }
}
