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
        /// Where the declaration is, for one of the learner's module (`@/w/A.swift:3:6` in the
        /// dump): what ``loopReferences()`` follows from a call to the body it calls.
        public var declaration: Location?

        public init(name: String, location: Location, declaration: Location? = nil) {
            self.name = name
            self.location = location
            self.declaration = declaration
        }
    }

    public struct Location: Sendable, Equatable, Hashable {
        public var file: String
        public var line: Int
        public var column: Int
    }

    /// A module the code imports: the top-level module, also of a scoped or submodule import.
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
    /// Loops, function bodies and bindings, with their ranges: where ``loopReferences()`` looks.
    public var scopes: [Scope] = []
    public var imports: [Import] = []
    public var topLevelDeclarations: [TopLevelDeclaration] = []
    /// What the code uses of the module `init` was given as `usesOf` (the learner's, when the
    /// dump is of the protected tests), and the protocol requirements it uses on a concrete type:
    /// what ``TestReferences`` compares with the reference solution's. Empty otherwise.
    public var uses: [TestReference] = []
    /// The module the dumped code tests (`usesOf`), as its references name it; `nil` when the
    /// dump is of the learner's own module.
    public var testedModule: String?

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
    ///
    /// Read as UTF-8 bytes: a dump is about 400 kB per exercise, one per exercise per learner in
    /// a class grade, and most of its lines hold nothing this view keeps. Lines end where
    /// `Character.isNewline` says they do.
    ///
    /// `imported`: a module the dumped code imports whose declarations the code's uses are
    /// collected in ``uses`` (the learner's module, under the protected tests); `nil` collects none.
    public init(astDump: String, moduleName: String, usesOf imported: String? = nil) {
        var dump = astDump
        var view = CompilerView()
        view.testedModule = imported
        let importedPrefix = imported.map { Array(($0 + ".(file).").utf8) }
        dump.withUTF8 { bytes in
            var currentFile = ""
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                var next = bytes.count
                while lineEnd < bytes.count {
                    // Most bytes are none of the line breaks' first bytes: one comparison each.
                    let byte = bytes[lineEnd]
                    if byte <= 0x0D || byte >= 0xC2, byte >= 0x0A, let width = Self.newlineWidth(bytes, at: lineEnd) {
                        next = lineEnd + width
                        break
                    }
                    lineEnd += 1
                }
                defer { lineStart = next }
                guard lineEnd > lineStart else { continue }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                if Self.hasPrefix(line, Self.sourceFileMarker) {
                    currentFile = Self.quoted(after: Self.sourceFileMarker.count - 1, in: line) ?? ""
                    continue
                }
                if let scope = Self.scope(in: line, file: currentFile) { view.scopes.append(scope) }
                // Direct children of a source file are indented by exactly two spaces.
                if Self.hasPrefix(line, Self.topLevelMarker), !Self.hasPrefix(line, Self.deeperMarker) {
                    view.topLevel(Substring(String(decoding: line, as: UTF8.self)), file: currentFile)
                }
                var searchFrom = 0
                while let found = Self.firstIndex(of: Self.declMarker, in: line, from: searchFrom) {
                    let valueStart = found + Self.declMarker.count
                    guard let valueEnd = Self.quote(in: line, from: valueStart) else { break }
                    searchFrom = valueEnd
                    // Only a declaration has a `.(file).` part; a module reference has none.
                    let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
                    if let importedPrefix {
                        view.use(value, importedPrefix: importedPrefix, kind: .declaration, line: line, file: currentFile)
                    }
                    guard Self.firstIndex(of: Self.fileMarker, in: value, from: 0) != nil,
                        let name = Self.normalized(Substring(String(decoding: value, as: UTF8.self)), moduleName: moduleName),
                        let location = Self.location(in: line, file: currentFile)
                    else { continue }
                    var declaration: Location?
                    if name.hasPrefix("exercise."), let at = Self.firstIndex(of: Self.atMarker, in: value, from: 0) {
                        var site = Substring(String(decoding: UnsafeBufferPointer(rebasing: value[(at + 1)...]), as: UTF8.self))
                        if let generic = site.range(of: " [with ") { site = site[..<generic.lowerBound] }
                        declaration = Self.declarationSite(site)
                    }
                    view.references.append(Reference(name: name, location: location, declaration: declaration))
                }
                // A literal that became a type of the imported module (`initializer="M.(file).Sum.init(integerLiteral:)@…"`).
                searchFrom = 0
                while let importedPrefix, let found = Self.firstIndex(of: Self.initializerMarker, in: line, from: searchFrom) {
                    let valueStart = found + Self.initializerMarker.count
                    guard let valueEnd = Self.quote(in: line, from: valueStart) else { break }
                    searchFrom = valueEnd
                    let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
                    view.use(value, importedPrefix: importedPrefix, kind: .literal, line: line, file: currentFile)
                }
            }
        }
        self = view
    }

    /// Records `value` (a `decl=` or `initializer=` value on `line`) in ``uses`` when it is a
    /// declaration of the imported module, or a protocol requirement used on a concrete type.
    private mutating func use(
        _ value: UnsafeBufferPointer<UInt8>, importedPrefix: [UInt8], kind: TestReference.Kind, line: UnsafeBufferPointer<UInt8>, file: String
    ) {
        let imported = Self.hasPrefix(value, importedPrefix)
        guard imported || (kind == .declaration && Self.firstIndex(of: Self.requirementMarker, in: value, from: 0) != nil) else { return }
        guard let location = Self.location(in: line, file: file) else { return }
        let text = String(decoding: value, as: UTF8.self)
        if imported {
            var rest = text.dropFirst(importedPrefix.count)
            if let generic = rest.range(of: " [with ") { rest = rest[..<generic.lowerBound] }
            var declaration: Location?
            if let at = rest.firstIndex(of: "@") {
                declaration = Self.declarationSite(rest[rest.index(after: at)...])
                rest = rest[..<at]
            }
            uses.append(TestReference(name: Self.withoutLabels(rest), kind: kind, location: location, declaration: declaration))
        } else if let name = Self.normalized(Substring(text), moduleName: ""), let type = Self.selfReplacement(in: Substring(text)) {
            uses.append(TestReference(name: "\(name) on \(type)", kind: .conformance, location: location))
        }
    }

    /// `Wallet extension.deposit(_:isolation:)` → `Wallet.deposit`: where a member is declared,
    /// and its argument labels, are an answer's to choose (an honest answer may add a defaulted
    /// `isolation:` parameter, and the dump names some functions without their labels anyway).
    static func withoutLabels(_ name: Substring) -> String {
        var result = ""
        var depth = 0
        for character in name.replacingOccurrences(of: " extension.", with: ".") {
            if character == "(" {
                depth += 1
            } else if character == ")" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                result.append(character)
            }
        }
        return result
    }

    /// `/path/Totals.swift:5:24` (the path may hold colons) → that file, line and column.
    static func declarationSite(_ text: Substring) -> Location? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return nil }
        return Location(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    /// The concrete type a protocol requirement is used on: `Sum` in `Swift.(file).Equatable.==
    /// [with (substitution_map generic_signature=<Self where Self : Equatable> Self -> Sum)]`.
    /// The type ends at a `)` outside brackets, or where the next replacement (`T -> …`) begins.
    static func selfReplacement(in value: Substring) -> String? {
        guard let signature = value.range(of: "generic_signature=<Self"), let arrow = value[signature.upperBound...].range(of: "> Self -> ") else {
            return nil
        }
        var depth = 0
        var end = arrow.upperBound
        var index = arrow.upperBound
        var previous: Character = " "
        while index < value.endIndex {
            let character = value[index]
            defer { previous = character }
            if "<[(".contains(character) {
                depth += 1
            } else if ">])".contains(character), !(character == ">" && previous == "-") {
                if depth == 0, character == ")" { break }
                depth -= 1
            } else if character == " ", depth == 0 {
                let next = value[value.index(after: index)...]
                let word = next.prefix { $0 != " " }
                if next.dropFirst(word.count).hasPrefix(" -> ") { break }
            }
            index = value.index(after: index)
            end = index
        }
        let type = value[arrow.upperBound..<end]
        return type.isEmpty ? nil : String(type)
    }

    private static let sourceFileMarker = Array("(source_file \"".utf8)
    private static let topLevelMarker = Array("  (".utf8)
    private static let deeperMarker = Array("   ".utf8)
    private static let declMarker = Array(" decl=\"".utf8)
    private static let initializerMarker = Array(" initializer=\"".utf8)
    private static let requirementMarker = Array(" [with (substitution_map generic_signature=<Self".utf8)
    private static let fileMarker = Array(".(file).".utf8)
    private static let atMarker = Array("@".utf8)
    private static let locationKeys = [Array("location=".utf8), Array("range=[".utf8)]

    /// How many bytes the line break at `index` takes (`\n`, `\r`, vertical tab, form feed,
    /// U+0085, U+2028, U+2029), or `nil` when there is none there. `\r\n` is two breaks around
    /// an empty line, which is skipped, as `split(whereSeparator:)` skips it.
    private static func newlineWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        switch bytes[index] {
        case 0x0A, 0x0B, 0x0C, 0x0D: return 1
        case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return 2
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
            return 3
        default: return nil
        }
    }

    // Plain loops over pointers: the tool is often a debug build (the Classroom workflow builds
    // one), where generic collection code costs ten times as much per byte.
    static func hasPrefix(_ line: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        guard line.count >= prefix.count, let base = line.baseAddress else { return prefix.isEmpty }
        var index = 0
        while index < prefix.count {
            if base[index] != prefix[index] { return false }
            index += 1
        }
        return true
    }

    /// Where the next `"` is in `bytes` at or after `start`.
    private static func quote(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        while index < bytes.count {
            if base[index] == UInt8(ascii: "\"") { return index }
            index += 1
        }
        return nil
    }

    /// Where `pattern` first starts in `bytes` at or after `start`.
    static func firstIndex(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count, let base = bytes.baseAddress else { return nil }
        let last = bytes.count - pattern.count
        var index = start
        while index <= last {
            if base[index] == first {
                var matched = 1
                while matched < pattern.count, base[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// The text between the quote at `opening` and the next one.
    private static func quoted(after opening: Int, in line: UnsafeBufferPointer<UInt8>) -> String? {
        let start = opening + 1
        guard start <= line.count else { return nil }
        let end = quote(in: line, from: start) ?? line.count
        return String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }

    private mutating func topLevel(_ line: Substring, file: String) {
        let body = line.dropFirst(3)
        let kind = body.prefix { $0 != " " && $0 != ")" }
        guard let location = Self.location(in: line, file: file) else { return }
        if kind == "import_decl" {
            // `import struct Testing.Issue` and `import CoreFoundation.CFStream` dump the whole
            // path (`module="Testing.Issue"`): what is imported from is its first component.
            if let path = Self.quoted(after: "module=", in: line) {
                imports.append(Import(module: String(path.prefix { $0 != "." }), location: location))
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
        var text = String(line)
        return text.withUTF8 { location(in: $0, file: file) }
    }

    private static func location(in line: UnsafeBufferPointer<UInt8>, file: String) -> Location? {
        let filePrefix = Array((file + ":").utf8)
        for key in locationKeys {
            guard let found = firstIndex(of: key, in: line, from: 0) else { continue }
            let text = UnsafeBufferPointer(rebasing: line[(found + key.count)...])
            if !file.isEmpty, hasPrefix(text, filePrefix) {
                let numbers = text[filePrefix.count...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ":") }
                    .split(separator: UInt8(ascii: ":"))
                if numbers.count >= 2, let lineNumber = number(numbers[0]), let column = number(numbers[1]) {
                    return Location(file: file, line: lineNumber, column: column)
                }
                continue
            }
            let parts = text.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "]") }.split(separator: UInt8(ascii: ":"))
            guard parts.count >= 3, let lineNumber = number(parts[parts.count - 2]), let column = number(parts[parts.count - 1]) else {
                continue
            }
            let path = parts.dropLast(2).map { String(decoding: $0, as: UTF8.self) }.joined(separator: ":")
            return Location(file: path, line: lineNumber, column: column)
        }
        return nil
    }

    /// A decimal number, as `Int(_:)` reads one (a sign allowed), from UTF-8 bytes.
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        Int(String(decoding: digits, as: UTF8.self))
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
