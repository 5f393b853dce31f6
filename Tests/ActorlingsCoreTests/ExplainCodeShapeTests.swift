import Testing

@testable import ActorlingsCore

/// The code shapes `explain` reads from the source around a diagnostic, one case per shape and
/// per look-alike that must not count.
@Suite("Explain: the shape of the code a diagnostic points at")
struct ExplainCodeShapeTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var source: String
        var line: Int
        var message: String
        var shapes: [CodeShape]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a static let holding a closure", source: "enum Hooks {\n    static let fail: (String) -> Void = { _ in }\n}\n", line: 2,
            message: "static property 'fail' is not concurrency-safe because non-'Sendable' type '(String) -> Void' may have shared mutable state",
            shapes: [.functionType]),
        Case(
            name: "a var initialised from a closure constant",
            source: "enum Hooks {\n    static var fail = original\n    static let original: (String) -> Void = { _ in }\n}\n",
            line: 2, message: "static property 'fail' is not concurrency-safe because it is nonisolated global shared mutable state", shapes: [.functionType]),
        Case(
            name: "a list of callbacks", source: "enum Signals {\n    static var watchers = [(Int32) -> Void]()\n}\n", line: 2,
            message: "static property 'watchers' is not concurrency-safe because it is nonisolated global shared mutable state", shapes: [.functionType]),
        Case(
            name: "an immediately called closure is a value, not a closure", source: "enum Target {\n    static var current: Int = {\n        1\n    }()\n}\n",
            line: 2, message: "static property 'current' is not concurrency-safe because it is nonisolated global shared mutable state", shapes: []),
        Case(
            name: "a class that guards its state with a lock",
            source: "import Foundation\nfinal class Counter {\n    private let lock = NSLock()\n    var count = 0\n}\nfunc f(_ c: Counter) {}\n", line: 6,
            message: "capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure", shapes: [.lockGuardedClass]),
        Case(
            name: "a class whose state lives in a box guarded by a barrier queue",
            source:
                "class Box<T> {}\nfinal class Locked<T>: Box<T> {\n    let barrier = DispatchQueue(label: \"b\", attributes: .concurrent)\n}\nfinal class Future<T> {\n    let box: Box<T>\n    init(box: Box<T>) { self.box = box }\n}\n",
            line: 6, message: "capture of 'future' with non-Sendable type 'Future<T>' in a '@Sendable' closure", shapes: [.lockGuardedClass]),
        Case(
            name: "a class with no lock", source: "final class Counter {\n    var count = 0\n}\n", line: 2,
            message: "capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure", shapes: []),
        Case(
            name: "an open class", source: "open class Destination {\n    var level = 0\n}\n", line: 2,
            message: "capture of 'dest' with non-Sendable type 'Destination' in a '@Sendable' closure", shapes: [.openClass]),
        Case(
            name: "a capture inside an open class is about the captured value, not that class",
            source: "open class Logger {\n    func log(_ context: Any?) { queue.async { print(context) } }\n}\n", line: 2,
            message: "capture of 'context' with non-Sendable type 'Any?' in a '@Sendable' closure", shapes: []),
        Case(
            name: "a capture of self is about the class around it", source: "open class Server {\n    func start() { queue.async { self.run() } }\n}\n",
            line: 2, message: "capture of 'self' with non-Sendable type 'Server?' in a '@Sendable' closure", shapes: [.openClass]),
        Case(
            name: "a generic parameter", source: "func run<Value>(_ value: Value) {\n    Task { print(value) }\n}\n", line: 2,
            message: "capture of 'value' with non-Sendable type 'Value' in a '@Sendable' closure", shapes: [.genericParameter]),
        Case(
            name: "a protocol's associated type, named Self.T in its extension",
            source: "protocol Thenable {\n    associatedtype T\n}\nextension Thenable {\n    func fail(_ value: T) { send(value) }\n}\n", line: 5,
            message: "type 'Self.T' does not conform to the 'Sendable' protocol", shapes: [.genericParameter]),
        Case(
            name: "Sendable through Error", source: "import Foundation\nenum LoadError: Error {\n    case failed(NSObject)\n}\n", line: 3,
            message: "associated value 'failed' of 'Sendable'-conforming enum 'LoadError' contains non-Sendable type 'NSObject'",
            shapes: [.sendableInherited]),
        Case(
            name: "Sendable through a delegate protocol",
            source: "protocol FeedDelegate: AnyObject, Sendable {}\nfinal class Screen: FeedDelegate {\n    var title = \"\"\n}\n", line: 3,
            message: "stored property 'title' of 'Sendable'-conforming class 'Screen' is mutable", shapes: [.sendableInherited]),
        Case(
            name: "a global of another Swift module", source: "import Settings\nfunc f() { print(retries) }\n", line: 2,
            message: "reference to var 'retries' is not concurrency-safe because it involves shared mutable state", shapes: [.globalFromAnotherModule]),
        Case(
            name: "a global this package declares", source: "enum Config {\n    static var retries = 3\n}\nfunc f() { print(Config.retries) }\n", line: 4,
            message: "reference to static property 'retries' is not concurrency-safe because it involves shared mutable state",
            shapes: [.globalOfThisModule]),
        Case(
            name: "a C global is not a Swift module's", source: "import Glibc\nfunc f() { fflush(stdout) }\n", line: 2,
            message: "reference to var 'stdout' is not concurrency-safe because it involves shared mutable state", shapes: []),
    ]

    @Test("Each shape is found, and look-alikes are not", arguments: cases)
    func shape(_ example: Case) {
        let diagnostic = Diagnostic(severity: .error, file: "x.swift", line: example.line, column: 1, message: example.message)
        #expect(CodeContext.read(diagnostic, source: example.source).shapes == example.shapes)
    }

    @Test("Code without UI imports gets its main-actor fix last; UI code keeps the entry's order", arguments: [false, true])
    func mainActorLast(importsUI: Bool) {
        let source = (importsUI ? "import SwiftUI\n" : "import Foundation\n") + "var count = 0\n"
        let diagnostic = Diagnostic(severity: .error, file: "x.swift", line: 2, column: 5, message: "var 'count' is not concurrency-safe")
        let context = CodeContext.read(diagnostic, source: source)
        #expect(context.importsUI == importsUI)
        let entry = Explanation(
            file: "e.toml", title: "t", summary: "s", meaning: "m", fixes: ["Isolate it to the main actor: `@MainActor var count`.", "Make it a `let`."],
            wrongFix: "w")
        #expect(entry.orderedFixes(for: context).first == (importsUI ? entry.fixes[0] : entry.fixes[1]))
    }

    @Test("An entry's [[shape]] advice replaces its general premise and fixes for code of that shape")
    func advice() {
        let entry = Explanation(
            file: "e.toml", title: "Title", summary: "s", meaning: "m", fixes: ["General fix."], wrongFix: "w",
            shapes: [Explanation.ShapeAdvice(shape: .openClass, premise: "It is open.", fixes: ["Make it final."])])
        let rendered = ExplanationRenderer(palette: Palette(enabled: false)).render(entry, context: CodeContext(shapes: [.openClass]))
        #expect(rendered.contains("In this code\n  It is open."))
        #expect(rendered.contains("1. Make it final."))
        #expect(!rendered.contains("General fix."))
        let general = ExplanationRenderer(palette: Palette(enabled: false)).render(entry, context: CodeContext(shapes: [.functionType], importsUI: true))
        #expect(general.contains("1. General fix.") && !general.contains("In this code"))
    }
}
