/// The commands `swiftc` runs for one invocation (its frontend, `swift-autolink-extract`, the
/// linker), learned once per *shape* of invocation from `swiftc -###` and replayed with the real
/// paths.
///
/// Why: the driver is a program of its own that costs about 30 ms of CPU each time it plans a
/// compile, a sixth of a whole check when a class is graded (measured with `perf`, see
/// Documentation/Architecture.md). Invocations of one exercise differ only in the folders their
/// files are in (each student's build folder), so every folder becomes a placeholder, the driver
/// plans the placeholder invocation once, and the plan is filled in with each invocation's folders.
public struct DriverPlan: Sendable, Equatable {
    /// Each command with placeholders for folders (and for the driver's temporary folder).
    public var commands: [[String]]
    /// Files the driver wrote in its temporary folder while planning, which the commands read
    /// (a map of supplementary outputs when there are many files), by name, with placeholders.
    public var temporaryFiles: [String: String]

    public init(commands: [[String]], temporaryFiles: [String: String] = [:]) {
        self.commands = commands
        self.temporaryFiles = temporaryFiles
    }

    /// An invocation with its folders and names replaced by placeholders: equal shapes share a plan.
    public struct Shape: Sendable, Hashable {
        public var arguments: [String]
        /// The real folder behind placeholder `i`.
        public var folders: [String]
        /// The real name (a file name without its extension, or a module name) behind name placeholder `i`.
        public var names: [String]
    }

    /// Text that never appears in a real path: `/__actorlings_<i>__` for a folder…
    static func placeholder(_ index: Int) -> String { "/__actorlings_\(index)__" }
    /// …and `__actorlings_n<i>__` for a name (a valid module name, as the driver checks).
    static func namePlaceholder(_ index: Int) -> String { "__actorlings_n\(index)__" }
    /// Stands for the temporary folder the driver names while planning (`TMPDIR/TemporaryDirectory.…`).
    static let temporaryPlaceholder = "/__actorlings_tmp__"

    /// Every argument that is an absolute path has its folder and its file name (less the
    /// extension, which tells the driver what the file is) replaced by placeholders, and so has the
    /// module name: the invocations of different exercises with the same settings and as many files
    /// share one plan. Equal folders and names get the same placeholder, numbered in order of
    /// appearance. Other arguments (flags, `-rpath=/…`) are part of the shape as written.
    public static func shape(of arguments: [String]) -> Shape {
        var folders: [String] = []
        var names: [String] = []
        func number(_ value: String, in table: inout [String]) -> Int {
            if let index = table.firstIndex(of: value) { return index }
            table.append(value)
            return table.count - 1
        }
        var templated: [String] = []
        for (position, argument) in arguments.enumerated() {
            if position > 0, arguments[position - 1] == "-module-name" {
                templated.append(namePlaceholder(number(argument, in: &names)))
                continue
            }
            guard argument.hasPrefix("/"), let slash = argument.lastIndex(of: "/") else {
                templated.append(argument)
                continue
            }
            let file = argument[argument.index(after: slash)...]
            let stem = file.lastIndex(of: ".").map { file[..<$0] } ?? file
            let folder = placeholder(number(String(argument[..<slash]), in: &folders))
            // A name that is all extension (`.hidden`) or none (a folder's trailing `/`) stays as written.
            let name = stem.isEmpty ? "" : namePlaceholder(number(String(stem), in: &names))
            templated.append(folder + "/" + name + file[stem.endIndex...])
        }
        return Shape(arguments: templated, folders: folders, names: names)
    }

    /// Reads the driver's `-###` output for a placeholder invocation. `temporaryFolder` is the
    /// `TMPDIR` the driver planned with; the temporary folder it made there becomes a placeholder,
    /// in the commands and in `temporaryFiles` (what it wrote there, by name).
    /// `nil` when the output is not a list of commands of programs given by absolute path.
    public static func parse(_ output: String, temporaryFolder: String, temporaryFiles: [String: String] = [:]) -> DriverPlan? {
        var commands: [[String]] = []
        for line in output.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            guard let words = ShellWords.split(String(line)), let program = words.first, program.hasPrefix("/") else { return nil }
            commands.append(words.map { replacingTemporaryFolder(in: $0, under: temporaryFolder) })
        }
        guard !commands.isEmpty else { return nil }
        return DriverPlan(
            commands: commands, temporaryFiles: temporaryFiles.mapValues { replacingTemporaryFolder(in: $0, under: temporaryFolder) })
    }

    /// `TMPDIR/TemporaryDirectory.Ab12Cd/x` → placeholder + `/x`, everywhere in `text`.
    static func replacingTemporaryFolder(in text: String, under folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var result = ""
        var rest = text[...]
        while let start = rest.firstRange(of: prefix) {
            let name = rest[start.upperBound...].prefix { $0 != "/" && !$0.isWhitespace && $0 != "\"" && $0 != "'" }
            result += rest[..<start.lowerBound] + temporaryPlaceholder
            rest = rest[name.endIndex...]
        }
        return result + rest
    }

    /// Whether the commands use the driver's temporary folder (a fresh one is needed per run).
    public var usesTemporaryFolder: Bool {
        !temporaryFiles.isEmpty || commands.contains { $0.contains { $0.contains(Self.temporaryPlaceholder) } }
    }

    /// The commands for an invocation of this plan's shape, with its folders (and a temporary
    /// folder, when the plan uses one) put back.
    public func commands(for shape: Shape, temporaryFolder: String?) -> [[String]] {
        commands.map { command in command.map { Self.fill($0, shape, temporaryFolder: temporaryFolder) } }
    }

    /// The files to write in the temporary folder first, filled in like the commands.
    public func temporaryFiles(for shape: Shape, temporaryFolder: String) -> [String: String] {
        temporaryFiles.mapValues { Self.fill($0, shape, temporaryFolder: temporaryFolder) }
    }

    /// A plan of one frontend that dumps the AST of several primary files to standard output
    /// (the driver's batch mode, `-dump-ast -enable-batch-mode -j1`), with each dump sent to its
    /// own file instead: one frontend, one type check, where one frontend per file costs a type
    /// check each; files, because that frontend interleaves its dumps with what it writes on
    /// standard error. `nil` unless the plan is exactly that and there is one path per dump.
    public func dumpingToFiles(_ paths: [String]) -> DriverPlan? {
        guard commands.count == 1, let command = commands.first, command.count > 2, command[1] == "-frontend", command[2] == "-dump-ast"
        else { return nil }
        let primaries = command.indices.filter { command[$0] == "-primary-file" }
        let outputs = command.indices.filter { $0 + 1 < command.count && command[$0] == "-o" && command[$0 + 1] == "-" }
        guard !paths.isEmpty, primaries.count == paths.count, outputs.count == paths.count else { return nil }
        var redirected = command
        for (output, path) in zip(outputs, paths) { redirected[output + 1] = path }
        return DriverPlan(commands: [redirected], temporaryFiles: temporaryFiles)
    }

    static func fill(_ text: String, _ shape: Shape, temporaryFolder: String?) -> String {
        guard text.contains("__actorlings_") else { return text }
        var filled = text
        if let temporaryFolder { filled = filled.replacingAll(temporaryPlaceholder, with: temporaryFolder) }
        // Every placeholder ends in `__`, so `_1__` never matches inside `_10__`.
        for (index, folder) in shape.folders.enumerated() {
            filled = filled.replacingAll(placeholder(index), with: folder)
        }
        for (index, name) in shape.names.enumerated() {
            filled = filled.replacingAll(namePlaceholder(index), with: name)
        }
        return filled
    }
}

/// Splits one line of POSIX shell words as the Swift driver prints them (`'…'` with `'\''` for a
/// quote, `"…"`, and backslash escapes); `nil` for an unterminated quote.
public enum ShellWords {
    public static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else { return nil }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = iterator.next() else { return nil }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { return nil }
                        if !["\"", "\\", "$", "`"].contains(escaped) { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                inWord = true
                guard let escaped = iterator.next() else { return nil }
                word.append(escaped)
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
