/// What the code a diagnostic points at looks like, read from the source around it with the
/// project's Swift lexer: whether the value is a closure or function, whether the type guards its
/// state with a lock or queue, whether it is a generic parameter, an `open` class, a type that is
/// `Sendable` only because `Error` or a protocol makes it so, or a global from another module.
/// Entries choose their premise and fixes by it (`[[shape]]`, `Documentation/Explanations.md`).
public enum CodeShape: String, Sendable, CaseIterable {
    /// The value is a closure or has a function type (`() -> Void`).
    case functionType = "function-type"
    /// A class that protects its own state with a lock or a serial or barrier queue.
    case lockGuardedClass = "lock-guarded-class"
    /// A global variable declared in another module (no declaration of it in these sources).
    case globalFromAnotherModule = "global-from-another-module"
    /// A use of a global or static variable that these sources declare (reported at each use in
    /// the Swift 5 mode's survey, besides the declaration's own diagnostic).
    case globalOfThisModule = "global-of-this-module"
    /// The non-`Sendable` type is a generic parameter (`T`).
    case genericParameter = "generic-parameter"
    /// The type never says `Sendable`: it inherits the requirement through `Error` or a protocol.
    case sendableInherited = "sendable-inherited"
    /// An `open` class, which other modules may subclass.
    case openClass = "open-class"
}

/// The shapes found for one diagnostic, and whether its file imports a UI framework (code without
/// one gets no `@MainActor` as its first fix).
public struct CodeContext: Sendable, Equatable {
    public var shapes: [CodeShape]
    public var importsUI: Bool

    public init(shapes: [CodeShape] = [], importsUI: Bool = false) {
        self.shapes = shapes
        self.importsUI = importsUI
    }

    static let uiModules: Set<String> = ["SwiftUI", "UIKit", "AppKit", "Cocoa", "WatchKit", "TVUIKit"]
    static let lockNames: Set<String> = [
        "NSLock", "NSRecursiveLock", "NSCondition", "Mutex", "OSAllocatedUnfairLock", "os_unfair_lock", "pthread_mutex_t",
        "pthread_rwlock_t", "DispatchQueue", "DispatchSemaphore", "Lock", "ReadWriteLock", "UnfairLock", "SpinLock",
    ]
    static let errorProtocols: Set<String> = ["Error", "LocalizedError", "CustomNSError"]
    /// The C library's globals, which the general answer (about C globals) already fits.
    static let cGlobals: Set<String> = ["stdout", "stderr", "stdin", "errno", "optarg", "optind", "environ", "signgam"]

    /// Reads the shapes of the code at `diagnostic`'s line in `source` (its file), looking up the
    /// types and globals the message names in `sources` (every file of the package that is known).
    public static func read(_ diagnostic: Diagnostic, source: String, sources: [String: String] = [:]) -> CodeContext {
        let tokens = SwiftTokenizer.codeTokens(in: source)
        return read(diagnostic, tokens: tokens, others: sources.values.filter { $0 != source }.map(SwiftTokenizer.codeTokens))
    }

    /// The same from tokens already read: `tokens` of the diagnostic's file, `others` of the
    /// package's other files (a build report reads each file once, not once per diagnostic).
    public static func read(_ diagnostic: Diagnostic, tokens: [SwiftToken], others: [[SwiftToken]]) -> CodeContext {
        let all = [tokens] + others
        var context = CodeContext()
        context.importsUI = tokens.indices.contains { index in
            tokens[index].text == "import" && index + 1 < tokens.count && uiModules.contains(tokens[index + 1].text)
        }
        let names = quotedNames(in: diagnostic.message + " " + diagnostic.notes.map(\.message).joined(separator: " "))
        let noteIds = Set(diagnostic.notes.compactMap(\.identifier))
        var shapes: [CodeShape] = []
        // A function type in the message or a note, or a closure on the line itself.
        if names.contains(where: { $0.contains("->") }) || noteIds.contains("nonsendable_function_type")
            || noteIds.contains("rbi_nonsendable_function_type") || isClosureDeclaration(line: diagnostic.line, in: tokens)
        {
            shapes.append(.functionType)
        }
        let generics = all.reduce(into: Set<String>()) { $0.formUnion(genericParameters(in: $1)) }
        if noteIds.contains("rbi_add_generic_parameter_sendable_conformance")
            || names.contains(where: { name in generics.contains(name) && !all.contains { declaration(of: name, in: $0) != nil } })
        {
            shapes.append(.genericParameter)
        }
        // The type the message names (or the type declared around the line).
        // The types the message names, when these sources declare them; else the types around the line.
        var declared: [(name: String, start: Int, tokens: [SwiftToken])] = []
        for tokens in all {
            for name in names { if let start = declaration(of: name, in: tokens) { declared.append((name, start, tokens)) } }
        }
        // A capture of `self` is about the type around the line.
        if declared.isEmpty, names.contains("self") {
            for name in enclosingTypeNames(of: diagnostic.line, in: tokens, sameFile: true) {
                if let start = declaration(of: name, in: tokens) { declared.append((name, start, tokens)) }
            }
        }
        for (name, start, tokens) in declared {
            do {
                let modifiers = tokens[max(0, start - 4)..<start].map(\.text)
                let inherited = inheritance(at: start, in: tokens)
                let body = bodyTokens(at: start, in: tokens)
                if tokens[start].text == "class", modifiers.contains("open") { shapes.append(.openClass) }
                if tokens[start].text == "class", guardsWithLock(body, all, depth: 2, name: name) {
                    shapes.append(.lockGuardedClass)
                }
                if !inherited.contains("Sendable"),
                    inherited.contains(where: { errorProtocols.contains($0) || refinesSendable($0, all) })
                        || diagnostic.message.contains("'Sendable'-conforming") && !inherited.isEmpty
                {
                    shapes.append(.sendableInherited)
                }
            }
        }
        if diagnostic.identifier == "shared_mutable_state_access" || diagnostic.message.contains("involves shared mutable state"),
            let global = names.first, !cGlobals.contains(global)
        {
            shapes.append(all.contains(where: { declaresVariable(global, in: $0) }) ? .globalOfThisModule : .globalFromAnotherModule)
        }
        var seen = Set<CodeShape>()
        context.shapes = shapes.filter { seen.insert($0).inserted }
        return context
    }

    /// `'Cache'`, `'() -> Void'` … → the text between quotes.
    static func quotedNames(in message: String) -> [String] {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.flatMap { item in
            let name = String(item.element)
            // `Guarantee<T>?` names the type `Guarantee`; keep the full text too (for `->`).
            let base = String(name.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }.split(separator: ".").last ?? "")
            return base.isEmpty || base == name ? [name] : [name, base]
        }
    }

    /// `let handler = { … }`, `var onChange: (Int) -> Void`, or `var hook = otherClosure` (a name
    /// declared with a function type) on the diagnostic's line. A closure called where it is
    /// written (`= { … }()`) initialises a value, not a closure.
    static func isClosureDeclaration(line: Int?, in tokens: [SwiftToken]) -> Bool {
        guard let line, let keyword = tokens.firstIndex(where: { $0.line == line && ($0.text == "let" || $0.text == "var") }) else {
            return false
        }
        // The declaration runs to the end of its line, or across lines when its type or value continues.
        var end = keyword + 1
        while end < tokens.count, tokens[end].line == line || ["=", ":", "->"].contains(tokens[end - 1].text) || tokens[end].text == "=" {
            end += 1
        }
        let declaration = tokens[keyword..<end]
        if let equals = declaration.firstIndex(where: { $0.text == "=" }) {
            if equals + 1 < tokens.count, tokens[equals + 1].text == "{" {
                // The slice keeps the file's indices: its end is the closing brace.
                let next = bodyTokens(at: equals, in: tokens).endIndex + 1
                return !(next < tokens.count && tokens[next].text == "(")
            }
            if equals + 1 < tokens.count, tokens[equals + 1].kind == .identifier, equals + 2 >= end {
                let name = tokens[equals + 1].text
                if let other = tokens.indices.first(where: { index in
                    (tokens[index].text == "let" || tokens[index].text == "var") && index + 1 < tokens.count && tokens[index + 1].text == name
                }), other != keyword {
                    return isClosureDeclaration(line: tokens[other].line, in: tokens)
                }
            }
        }
        // A function type in the annotation or in the initialiser's type (`= [(Int32) -> Void]()`).
        return declaration.prefix { $0.text != "{" }.contains { $0.text == "->" }
    }

    /// The generic parameters declared in a file: the names right after `<` or `,` in the angle
    /// brackets that follow a declaration's name, and a protocol's associated types (the compiler
    /// names one `Self.T` in a protocol extension, where it stands for any type as a parameter does).
    static func genericParameters(in tokens: [SwiftToken]) -> Set<String> {
        var names = Set<String>()
        for index in tokens.indices.dropLast() where tokens[index].text == "associatedtype" && tokens[index + 1].kind == .identifier {
            names.insert(tokens[index + 1].text)
        }
        let declarations: Set<String> = ["func", "class", "struct", "enum", "actor", "init", "subscript", "typealias"]
        for index in tokens.indices where declarations.contains(tokens[index].text) {
            var position = index + 1
            if position < tokens.count, tokens[position].kind == .identifier { position += 1 }
            guard position < tokens.count, tokens[position].text.hasPrefix("<") else { continue }
            var depth = 0
            var expectName = true
            for token in tokens[position...] {
                for character in token.text where character == "<" || character == ">" { depth += character == "<" ? 1 : -1 }
                if depth <= 0 { break }
                if token.text.hasPrefix("<") || token.text == "," {
                    expectName = depth == 1
                } else if expectName, token.kind == .identifier {
                    names.insert(token.text)
                    expectName = false
                }
            }
        }
        return names
    }

    /// True when a type's body uses a lock or queue, or (`depth` levels down) stores an object of
    /// a class of these sources that does (a class whose state lives in a locked box).
    static func guardsWithLock(_ body: ArraySlice<SwiftToken>, _ all: [[SwiftToken]], depth: Int, name: String? = nil) -> Bool {
        if body.contains(where: { lockNames.contains($0.text) || $0.text == "barrier" || $0.text == "withLock" }) { return true }
        guard depth > 0 else { return false }
        // A subclass that guards the state (a base class whose live instances are locked boxes).
        if let name {
            for tokens in all {
                for index in tokens.indices where tokens[index].text == "class" && index + 1 < tokens.count {
                    if inheritance(at: index, in: tokens).first == name,
                        guardsWithLock(bodyTokens(at: index, in: tokens), all, depth: depth - 1)
                    {
                        return true
                    }
                }
            }
        }
        let names = Set(body.filter { $0.kind == .identifier && $0.text.first?.isUppercase == true && $0.text != name }.map(\.text))
        return names.contains { stored in
            all.contains { tokens in
                guard let start = declaration(of: stored, in: tokens), tokens[start].text == "class" else { return false }
                return guardsWithLock(bodyTokens(at: start, in: tokens), all, depth: depth - 1, name: stored)
            }
        }
    }

    /// The index of the `class`/`struct`/`enum`/`actor`/`protocol` keyword that declares `name`.
    static func declaration(of name: String, in tokens: [SwiftToken]) -> Int? {
        let kinds: Set<String> = ["class", "struct", "enum", "actor", "protocol"]
        return tokens.indices.first { index in
            kinds.contains(tokens[index].text) && index + 1 < tokens.count && tokens[index + 1].text == name
        }
    }

    static func declaresVariable(_ name: String, in tokens: [SwiftToken]) -> Bool {
        tokens.indices.contains { index in
            (tokens[index].text == "var" || tokens[index].text == "let") && index + 1 < tokens.count && tokens[index + 1].text == name
        }
    }

    /// The names after the `:` of a type declaration, up to its `{` or `where`.
    static func inheritance(at start: Int, in tokens: [SwiftToken]) -> [String] {
        var position = start + 2
        guard position < tokens.count else { return [] }
        if tokens[position].text.hasPrefix("<") {
            var depth = 0
            while position < tokens.count {
                for character in tokens[position].text where character == "<" || character == ">" { depth += character == "<" ? 1 : -1 }
                position += 1
                if depth <= 0 { break }
            }
        }
        guard position < tokens.count, tokens[position].text == ":" else { return [] }
        return tokens[(position + 1)...].prefix { $0.text != "{" && $0.text != "where" }.filter { $0.kind == .identifier }.map(\.text)
    }

    /// The tokens between a declaration's braces.
    static func bodyTokens(at start: Int, in tokens: [SwiftToken]) -> ArraySlice<SwiftToken> {
        guard let open = tokens[start...].firstIndex(where: { $0.text == "{" }) else { return [] }
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].text == "{" { depth += 1 }
            if tokens[index].text == "}" {
                depth -= 1
                if depth == 0 { return tokens[(open + 1)..<index] }
            }
        }
        return tokens[(open + 1)...]
    }

    /// The types whose bodies contain `line` in this file, innermost first.
    static func enclosingTypeNames(of line: Int?, in tokens: [SwiftToken], sameFile: Bool) -> [String] {
        guard sameFile, let line else { return [] }
        let kinds: Set<String> = ["class", "struct", "enum", "actor", "extension"]
        var names: [String] = []
        for index in tokens.indices where kinds.contains(tokens[index].text) && index + 1 < tokens.count {
            let body = bodyTokens(at: index, in: tokens)
            let startLine = tokens[index].line
            let endLine = body.last?.line ?? startLine
            if startLine <= line, line <= endLine + 1 { names.insert(tokens[index + 1].text, at: 0) }
        }
        return names
    }

    /// True when a protocol of these sources named `name` inherits `Sendable` (a delegate
    /// protocol declared `protocol Delegate: AnyObject, Sendable`).
    static func refinesSendable(_ name: String, _ all: [[SwiftToken]]) -> Bool {
        all.contains { tokens in
            guard let start = declaration(of: name, in: tokens), tokens[start].text == "protocol" else { return false }
            return inheritance(at: start, in: tokens).contains("Sendable")
        }
    }
}
