import Testing

@testable import ActorlingsCore

/// The compiler's view of code (from a captured `swiftc -dump-ast`) and the constructs found in it.
@Suite("Finding constructs in what the compiler understood")
struct ConstructFinderTests {
    /// `Fixtures/ast-dump-sample.txt` is `swiftc -dump-ast -parse-as-library -swift-version 6
    /// -module-name Sample Fixture.swift` (Swift 6.3.1, Linux) of the source below.
    static let source = """
        import Foundation

        typealias Queue = DispatchQueue
        public enum Testing {}

        func work() {
            Queue.main.async {}
            let leave = Foundation.exit
            _ = leave
            _ = CommandLine.arguments
            let local = 1
            _ = local
        }

        """

    static func view() throws -> CompilerView {
        CompilerView(astDump: try fixture("ast-dump-sample.txt"), moduleName: "Sample")
    }

    @Test("References are resolved names: aliases and qualified names show what they are")
    func references() throws {
        let names = try Self.view().references.map(\.name)
        #expect(names.contains("Dispatch.DispatchQueue.main"))
        #expect(names.contains("Dispatch.DispatchQueue.async(group:qos:flags:execute:)"))
        #expect(names.contains("libc.exit"))
        #expect(names.contains("Swift.CommandLine.arguments"))
        #expect(names.contains("exercise.work().local"))
        // `Foundation` in `Foundation.exit` is a module, not a declaration.
        #expect(!names.contains("Foundation"))
    }

    @Test("Each reference has the line and column the compiler gives it")
    func locations() throws {
        let view = try Self.view()
        let exit = try #require(view.references.first { $0.name == "libc.exit" })
        #expect(exit.location == CompilerView.Location(file: "Fixture.swift", line: 8, column: 28))
        let main = try #require(view.references.first { $0.name == "Dispatch.DispatchQueue.main" })
        #expect(main.location.line == 7)
    }

    @Test("Imports and top-level declarations are listed")
    func importsAndDeclarations() throws {
        let view = try Self.view()
        #expect(view.imports.map(\.module) == ["Foundation"])
        #expect(view.topLevelDeclarations.map(\.name).contains("Testing"))
        #expect(view.topLevelDeclarations.map(\.name).contains("Queue"))
        #expect(view.topLevelDeclarations.map(\.name).contains("work"))
    }

    static let constructs = [
        Construct(
            id: "process-control", name: "process control", matchers: [.references(["libc.exit", "libc.exec*"])], why: "w", instead: "i"),
        Construct(id: "c-library", name: "the C library", matchers: [.references(["libc.*"])], why: "w", instead: "i"),
        Construct(id: "dispatch-queue", name: "DispatchQueue", matchers: [.references(["Dispatch.DispatchQueue"])], why: "w", instead: "i"),
        Construct(id: "arguments", name: "CommandLine", matchers: [.references(["Swift.CommandLine"])], why: "w", instead: "i"),
        Construct(id: "shadowing", name: "shadowing", matchers: [.declarations(["Testing", "XCTest"])], why: "w", instead: "i"),
        Construct(id: "imports", name: "imports", matchers: [.imports(["Testing", "_*"])], why: "w", instead: "i"),
    ]

    @Test("Each place is found once, for the first construct that matches it")
    func findings() throws {
        let finder = ConstructFinder(constructs: Self.constructs)
        let sources = [ConstructFinder.Source(path: "Fixture.swift", displayPath: "Exercises/x/Sources/Fixture.swift", text: Self.source)]
        let found = finder.findings(in: sources, view: try Self.view())
        let summary = found.map { "\($0.construct.id)@\($0.line)" }
        #expect(summary == ["shadowing@4", "dispatch-queue@7", "dispatch-queue@7", "process-control@8", "arguments@10"])
        #expect(found.allSatisfy { $0.file == "Exercises/x/Sources/Fixture.swift" })
        #expect(found.first { $0.construct.id == "process-control" }?.lineText == "let leave = Foundation.exit")
    }

    @Test("Without the compiler's view only syntax is matched")
    func syntaxOnly() {
        let constructs =
            Self.constructs + [
                Construct(id: "unchecked", name: "@unchecked Sendable", matchers: [.syntax("@unchecked")], why: "w", instead: "i"),
                Construct(id: "underscored", name: "@_ attributes", matchers: [.syntax("@_*")], why: "w", instead: "i"),
            ]
        let finder = ConstructFinder(constructs: constructs)
        let text = "final class A: @unchecked Swift.Sendable {}\n@_silgen_name(\"x\") func f()\n// @unchecked in a comment\n"
        let found = finder.findings(in: [ConstructFinder.Source(path: "A.swift", displayPath: "A.swift", text: text)], view: nil)
        #expect(found.map(\.construct.id) == ["unchecked", "underscored"])
        #expect(finder.needsCompilerView)
    }

    @Test(
        "Swift 6.3's @c and @section are found as attributes, not as the start of other names",
        arguments: [
            ("@c func early() {}", ["c-symbol"]),
            ("@c(getenv) public func fake() -> Int32 { 0 }", ["c-symbol"]),
            // Other spellings of the same attribute Swift 6.3.1 compiles: backticks, and (with a warning
            // in Swift 5 mode, an error in 6) a space or a comment after the `@`.
            ("@`c`(getenv) public func fake() -> Int32 { 0 }", ["c-symbol"]),
            ("@ c(getenv) public func fake() -> Int32 { 0 }", ["c-symbol"]),
            ("@/* x */c(getenv) public func fake() -> Int32 { 0 }", ["c-symbol"]),
            ("@ `section`(\".init_array\") @used let early: @convention(c) () -> Void = {}", ["linker-section"]),
            ("@section(\".init_array\") @used let early: @convention(c) () -> Void = {}", ["linker-section"]),
            ("@concurrent func work() async {}", []),
            ("let f: @convention(c) () -> Void = {}", []),
            ("let note = \"@c and @section\" // @c", []),
        ])
    func newAttributes(text: String, expected: [String]) {
        let finder = ConstructFinder(constructs: [
            Construct(id: "c-symbol", name: "@c functions", matchers: [.syntax("@c")], why: "w", instead: "i"),
            Construct(id: "linker-section", name: "@section", matchers: [.syntax("@section")], why: "w", instead: "i"),
        ])
        let found = finder.findings(in: [ConstructFinder.Source(path: "A.swift", displayPath: "A.swift", text: text + "\n")], view: nil)
        #expect(found.map(\.construct.id) == expected)
    }

    @Test(
        "Reference patterns match whole names, prefixes with a star, and argument labels",
        arguments: [
            ("Dispatch.DispatchQueue.main", "Dispatch.DispatchQueue", true),
            ("Dispatch.DispatchQueue", "Dispatch.DispatchQueue", true),
            ("Dispatch.DispatchQueue.init(label:)", "Dispatch.DispatchQueue", true),
            ("Dispatch.DispatchQueueish", "Dispatch.DispatchQueue", false),
            ("Swift.UnsafeMutablePointer.pointee", "Swift.Unsafe*", true),
            ("Swift.unsafeBitCast(_:to:)", "Swift.unsafeBitCast", true),
            ("Foundation.String.init(contentsOfFile:encoding:)", "Foundation.String.init(contentsOfFile:", true),
            ("Foundation.String.init(contentsOf:encoding:)", "Foundation.String.init(contentsOfFile:", false),
            ("exercise.exit", "libc.exit", false),
        ])
    func patterns(name: String, pattern: String, matches: Bool) {
        #expect(ConstructFinder.name(name, matches: pattern) == matches)
    }

    @Test(
        "Module names of the C library and of Foundation are one name each",
        arguments: [
            ("SwiftGlibc.(file).exit@/usr/include/stdlib.h:637:13", "libc.exit"),
            ("Darwin.(file).exit", "libc.exit"),
            ("FoundationEssentials.(file).FileManager.default", "Foundation.FileManager.default"),
            ("Sample.(file).Box.value@A.swift:3:9", "exercise.Box.value"),
            (
                "_Concurrency.(file).Task extension.detached(name:priority:operation:) [with (substitution_map)]",
                "_Concurrency.Task.detached(name:priority:operation:)"
            ),
        ])
    func normalizedNames(raw: String, expected: String) {
        #expect(CompilerView.normalized(Substring(raw), moduleName: "Sample") == expected)
    }

    /// Dump lines as the compiler writes them, and as they must read whatever ends a line: the
    /// view is read from bytes, with `Character.isNewline`'s line breaks.
    static let dumpLines = [
        #"(source_file "/w/Ex/A b.swift""#,
        #"  (func_decl range=[/w/Ex/A b.swift:3:1 - line:5:1] "work()" interface_type="() -> ()" access=internal"#,
        #"    (declref_expr type="()" location=/w/Ex/A b.swift:4:5 range=[/w/Ex/A b.swift:4:5 - line:4:5] decl="Dispatch.(file).DispatchQueue extension.main" function_ref=unapplied)"#,
        #"    (call_expr type="Never" location=/w/Ex/A b.swift:5:9 decl="Foundation" decl="SwiftGlibc.(file).exit@/usr/include/stdlib.h:637:13")"#,
        #"  (import_decl range=[/w/Ex/A b.swift:1:1 - line:1:8] module="Foundation")"#,
        #"    (declref_expr type="Int" range=[/w/Ex/a:b.swift:7:3 - line:7:3] decl="Ex.(file).work().x@/w/Ex/a:b.swift:6:7")"#,
    ]

    @Test(
        "A dump reads the same whatever ends its lines",
        arguments: ["\n", "\r\n", "\r", "\u{2028}", "\u{85}", "\u{0C}"])
    func lineBreaks(separator: String) {
        let view = CompilerView(astDump: Self.dumpLines.joined(separator: separator) + separator, moduleName: "Ex")
        #expect(
            view.references.map(\.name) == ["Dispatch.DispatchQueue.main", "libc.exit", "exercise.work().x"])
        #expect(
            view.references.map(\.location) == [
                CompilerView.Location(file: "/w/Ex/A b.swift", line: 4, column: 5),
                CompilerView.Location(file: "/w/Ex/A b.swift", line: 5, column: 9),
                // Not the current file: the path is what comes before the last two numbers.
                CompilerView.Location(file: "/w/Ex/a:b.swift", line: 7, column: 3),
            ])
        #expect(view.imports.map(\.module) == ["Foundation"])
        #expect(view.topLevelDeclarations.map(\.name) == ["work"])
    }

    @Test(
        "A scoped or submodule import is an import of its top-level module",
        arguments: [
            (#"kind=func module="SwiftOverlayShims._swift_stdlib_open""#, "SwiftOverlayShims"),
            (#"kind=struct module="Testing.Issue""#, "Testing"),
            (#"module="CoreFoundation.CFStream""#, "CoreFoundation"),
            (#"module="Foundation""#, "Foundation"),
        ])
    func scopedImports(attributes: String, module: String) {
        let dump = #"(source_file "A.swift""# + "\n" + #"  (import_decl range=[A.swift:1:1 - line:1:8] "# + attributes + ")\n"
        #expect(CompilerView(astDump: dump, moduleName: "Ex").imports.map(\.module) == [module])
    }

    @Test("A name used inside a macro (#expect) is found where the macro is used in the learner's file")
    func insideAMacro() {
        let finder = ConstructFinder(constructs: Self.constructs)
        let text = "import Testing\n\n@Test func t() {\n    #expect(exit(0) == ())\n}\n"
        let source = ConstructFinder.Source(path: "/w/Tests/CounterTests.swift", displayPath: "Tests/CounterTests.swift", text: text)
        let buffer = "@__swiftmacro_9ExTests0019CounterTestsswift_IxAFhfMX3_4_6expectfMf_.swift"
        let view = CompilerView(references: [
            CompilerView.Reference(name: "libc.exit", location: CompilerView.Location(file: buffer, line: 2, column: 6))
        ])
        let found = finder.findings(in: [source], view: view)
        #expect(found.map { "\($0.file):\($0.line):\($0.column) \($0.lineText)" } == ["Tests/CounterTests.swift:4:5 #expect(exit(0) == ())"])
    }

    @Test("A line break in the middle of a line ends that line there")
    func breakInsideALine() {
        // The reference and its location end up on different lines: no location, no reference.
        let dump = #"(source_file "A.swift")"# + "\n" + #"    (declref_expr decl="Ex.(file).f()@A.swift:1:6""# + "\u{2028}" + #" location=A.swift:2:3)"#
        #expect(CompilerView(astDump: dump, moduleName: "Ex").references.isEmpty)
        let joined = dump.replacingOccurrences(of: "\u{2028}", with: "")
        #expect(CompilerView(astDump: joined, moduleName: "Ex").references.map(\.location.line) == [2])
    }
}
