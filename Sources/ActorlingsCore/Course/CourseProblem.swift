/// One thing wrong with the course files, said so that an author can fix it without reading
/// Actorlings' source: the file, the line and key when known, what is wrong, what to do.
public struct CourseProblem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var key: String?
    public var message: String

    public init(file: String, line: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let key { return "\(location): '\(key)': \(message)" }
        return "\(location): \(message)"
    }
}

/// Loading the course failed; every problem found is listed, not just the first.
public struct CourseLoadError: Error, Sendable, CustomStringConvertible {
    public var problems: [CourseProblem]

    public init(problems: [CourseProblem]) {
        self.problems = problems
    }

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "The course definition has \(count):\n"
            + problems.map { "  - \($0)" }.joined(separator: "\n")
            + "\nFix the files named above, then run `swift run actorlings dev check`."
    }
}

/// The course was written for a newer Actorlings than this one.
public struct NewerCourseFormatError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var found: Int
    public var supported: Int

    public var description: String {
        "\(file) uses course format \(found), but this Actorlings understands format \(supported) at most. "
            + "Update Actorlings (`git pull`, then `swift run actorlings`)."
    }
}
