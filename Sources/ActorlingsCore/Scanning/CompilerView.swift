import Foundation

/// What the compiler understood of the learner's module: every declaration the code refers to,
/// every import, every top-level name it declares — read from `swiftc -dump-ast`.
///
/// A text scan can be fooled by a typealias (`typealias Q = DispatchQueue`), a qualified name
/// (`Swift.unsafeBitCast`), a look-alike spelling, or code the scanner mistakes for a literal.
/// The type checker is not: each reference in the dump names the declaration it resolved to,
/// with its module (`decl="Dispatch.(file).DispatchQueue extension.main"`). The dump is a
/// debugging format pinned to the toolchain the course is verified with; `dev check` runs every
/// solution through this parser, so a change of format shows up as a failing course, not as a
/// silent pass.
public struct CompilerView: Sendable, Equatable {
    /// One resolved reference, e.g. `Dispatch.DispatchQueue.main` or `libc.exit`.
    public struct Reference: Sendable, Equatable {
        /// `Module.Type.member(labels:)`, with the platform's C library called `libc`, the
        /// Foundation modules called `Foundation`, and the learner's own module `exercise`.
        public var name: String
        public var location: Location
    }

    public struct Location: Sendable, Equatable, Hashable {
        public var file: String
        public var line: Int
        public var column: Int

        public init(file: String, line: Int, column: Int) {
            self.file = file
            self.line = line
            self.column = column
        }
    }

    /// A module the code imports.
    public struct Import: Sendable, Equatable {
        public var module: String
        public var location: Location
    }

    /// A declaration at the top level of a file, where it can shadow a module's name.
    public struct TopLevelDeclaration: Sendable, Equatable {
        public var name: String
        public var location: Location
    }

    public var references: [Reference] = []
    public var imports: [Import] = []
    public var topLevelDeclarations: [TopLevelDeclaration] = []

    public init(references: [Reference] = [], imports: [Import] = [], topLevelDeclarations: [TopLevelDeclaration] = []) {
        self.references = references
        self.imports = imports
        self.topLevelDeclarations = topLevelDeclarations
    }

    /// Module names that all mean "the platform's C library" (Linux, macOS, others).
    static let cLibraryModules: Set<String> = [
        "SwiftGlibc", "Glibc", "Darwin", "_DarwinFoundation1", "_DarwinFoundation2", "_DarwinFoundation3",
        "Musl", "Android", "Bionic", "ucrt", "WinSDK", "SwiftWASILibc", "WASILibc", "CRT",
    ]
    /// Module names that all mean Foundation (corelibs splits it; Apple's does not).
    static let foundationModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "CoreFoundation", "_FoundationCShims",
    ]

    /// Reads the default-format AST dump of the learner's files. `moduleName` is the learner's
    /// module, reported as `exercise`.
    public init(astDump: String, moduleName: String) {
        var currentFile = ""
        for rawLine in astDump.split(whereSeparator: \.isNewline) {
            let line = Substring(rawLine)
            if line.hasPrefix("(source_file \"") {
                currentFile = Self.quoted(after: "(source_file ", in: line) ?? ""
                continue
            }
            // Direct children of a source file are indented by exactly two spaces.
            if line.hasPrefix("  ("), !line.hasPrefix("   ") {
                topLevel(line, file: currentFile)
            }
            var rest = line[...]
            while let range = rest.range(of: " decl=\"") {
                let valueStart = range.upperBound
                guard let valueEnd = rest[valueStart...].firstIndex(of: "\"") else { break }
                let value = rest[valueStart..<valueEnd]
                if let name = Self.normalized(value, moduleName: moduleName),
                    let location = Self.location(in: line, file: currentFile)
                {
                    references.append(Reference(name: name, location: location))
                }
                rest = rest[valueEnd...]
            }
        }
    }

    private mutating func topLevel(_ line: Substring, file: String) {
        let body = line.dropFirst(3)
        let kind = body.prefix { $0 != " " && $0 != ")" }
        guard let location = Self.location(in: line, file: file) else { return }
        if kind == "import_decl" {
            if let module = Self.quoted(after: "module=", in: line) {
                imports.append(Import(module: module, location: location))
            }
            return
        }
        guard kind.hasSuffix("_decl") || kind == "typealias", kind != "pattern_binding_decl", kind != "extension_decl",
            let name = Self.firstQuoted(in: line)
        else { return }
        let base = name.prefix { $0 != "(" }
        topLevelDeclarations.append(TopLevelDeclaration(name: String(base), location: location))
    }

    /// `Dispatch.(file).DispatchQueue extension.main` → `Dispatch.DispatchQueue.main`;
    /// `SwiftGlibc.(file).exit@/usr/include/stdlib.h:637:13` → `libc.exit`. Local
    /// declarations of the learner's module (`Ex.(file).f().x@…`) are kept as `exercise.…`.
    static func normalized(_ value: Substring, moduleName: String) -> String? {
        guard let marker = value.range(of: ".(file).") else {
            // A module reference (`decl="Foundation"` in `Foundation.exit`).
            return nil
        }
        let module = String(value[..<marker.lowerBound])
        var rest = value[marker.upperBound...]
        if let generic = rest.range(of: " [with ") { rest = rest[..<generic.lowerBound] }
        if let at = rest.firstIndex(of: "@") { rest = rest[..<at] }
        let path = rest.replacingOccurrences(of: " extension.", with: ".")
        let canonical: String
        if module == moduleName {
            canonical = "exercise"
        } else if cLibraryModules.contains(module) {
            canonical = "libc"
        } else if foundationModules.contains(module) {
            canonical = "Foundation"
        } else {
            canonical = module
        }
        return canonical + "." + path
    }

    /// The first `file:line:col` after `location=` or, failing that, the start of `range=[…`.
    /// The file's own path is matched first, so a path with spaces or colons still parses.
    static func location(in line: Substring, file: String) -> Location? {
        for key in ["location=", "range=["] {
            guard let range = line.range(of: key) else { continue }
            var text = line[range.upperBound...]
            var path = ""
            if !file.isEmpty, text.hasPrefix(file + ":") {
                path = file
                text = text.dropFirst(file.count + 1)
                let numbers = text.prefix { $0.isNumber || $0 == ":" }.split(separator: ":")
                if numbers.count >= 2, let lineNumber = Int(numbers[0]), let column = Int(numbers[1]) {
                    return Location(file: path, line: lineNumber, column: column)
                }
                continue
            }
            let parts = text.prefix { $0 != " " && $0 != "]" }.split(separator: ":")
            guard parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
                continue
            }
            path = parts.dropLast(2).joined(separator: ":")
            return Location(file: path, line: lineNumber, column: column)
        }
        return nil
    }

    private static func quoted(after key: String, in line: Substring) -> String? {
        guard let range = line.range(of: key + "\"") else { return nil }
        let value = line[range.upperBound...].prefix { $0 != "\"" }
        return String(value)
    }

    private static func firstQuoted(in line: Substring) -> String? {
        guard let open = line.firstIndex(of: "\"") else { return nil }
        let value = line[line.index(after: open)...].prefix { $0 != "\"" }
        return value.isEmpty ? nil : String(value)
    }
}
