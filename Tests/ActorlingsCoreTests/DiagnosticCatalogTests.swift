import Testing

@testable import ActorlingsCore

@Suite("The toolchain's diagnostic catalog")
struct DiagnosticCatalogTests {
    /// Lines of Swift 6.3.1's `en.strings`: concurrency diagnostics and look-alikes.
    let catalog = DiagnosticCatalog.derive(fromStrings: (try? fixture("en-strings-sample.strings")) ?? "")

    @Test("Concurrency diagnostics are kept by their ids and words; look-alikes are not")
    func derivation() {
        #expect(
            catalog.entries.map(\.id) == [
                "regionbasedisolation_named_send_yields_race", "regionbasedisolation_named_send_into_sending_param",
                "regionbasedisolation_closure_captures_actor", "add_predates_concurrency_import", "public_decl_needs_sendable",
                "cannot_convert_global_actor", "distributed_actor_isolated_method", "warn_use_async_alternative",
                "main_function_must_be_mainActor",
            ])
        #expect(catalog.entry(id: "distributed_actor_isolated_method")?.distributed == true)
        #expect(catalog.entry(id: "public_decl_needs_sendable")?.family == "Sendable")
    }

    @Test(
        "Errors, warnings and notes are told apart by the documented rule",
        arguments: [
            ("regionbasedisolation_named_send_yields_race", DiagnosticCatalog.Entry.Kind.error),
            ("regionbasedisolation_named_send_into_sending_param", .note),
            ("regionbasedisolation_closure_captures_actor", .note),
            ("add_predates_concurrency_import", .warning),
            ("warn_use_async_alternative", .warning),
            ("public_decl_needs_sendable", .error),
        ])
    func kinds(id: String, kind: DiagnosticCatalog.Entry.Kind) {
        #expect(catalog.entry(id: id)?.kind == kind)
    }

    @Test("The snapshot round-trips, and a damaged line is named")
    func snapshot() throws {
        let text = catalog.serialized(source: "Swift 6.3.1 en.strings")
        #expect(try DiagnosticCatalog.parse(text) == catalog)
        #expect(throws: CourseLoadError.self) { try DiagnosticCatalog.parse(DiagnosticCatalog.formatLine + "\nfatal\tx\n") }
        let error = #expect(throws: CourseLoadError.self) { try DiagnosticCatalog.parse("# header\nerror only-two-fields\n") }
        #expect(error?.problems.first?.line == 2)
        #expect(error?.problems.first?.message.contains("dev generate") == true)
    }

    @Test(
        "A pasted message is recognised by the shape of its format, whatever fills it",
        arguments: [
            ("sending 'draft' risks causing data races", "regionbasedisolation_named_send_yields_race"),
            (
                "task-isolated 'x' is passed as a 'sending' parameter; Uses in callee may race with later task-isolated uses",
                "regionbasedisolation_named_send_into_sending_param"
            ),
            (
                "'x' is passed as a 'sending' parameter; Uses in callee may race with later main actor-isolated uses",
                "regionbasedisolation_named_send_into_sending_param"
            ),
            ("closure captures 'self' allowing access to task-isolated state within the closure", "regionbasedisolation_closure_captures_actor"),
            ("add '@preconcurrency' to treat 'Sendable'-related errors from module 'Legacy' as warnings", "add_predates_concurrency_import"),
            ("public struct 'Point' does not specify whether it is 'Sendable' or not", "public_decl_needs_sendable"),
            ("cannot convert function actor-isolated to 'MainActor' to function actor-isolated to 'Worker'", "cannot_convert_global_actor"),
            ("Sending 'draft' risks causing data races; this is an error in the Swift 6 language mode", "regionbasedisolation_named_send_yields_race"),
        ])
    func recognised(message: String, id: String) {
        #expect(catalog.recognise(message).first?.id == id)
    }

    @Test("Every id comes back from a compiler line, capitals included (`main_function_must_be_mainActor`)")
    func idsParse() {
        for entry in catalog.entries {
            let line = "Feed.swift:1:1: error: \(entry.sampleMessages().first ?? "") [\(entry.id)]"
            #expect(DiagnosticParser.parse(line).first?.identifier == entry.id, "\(line)")
        }
    }

    @Test("Text no format fits is not recognised")
    func unrecognised() {
        #expect(catalog.recognise("cannot find 'frobnicate' in scope").isEmpty)
        #expect(catalog.recognise("sending").isEmpty)
    }

    @Test("Samples take every %select alternative, the same one for every select on one argument")
    func samples() {
        let samples = catalog.entry(id: "add_predates_concurrency_import")?.sampleMessages() ?? []
        #expect(
            samples == [
                "add '@preconcurrency' to suppress 'sendable'-related warnings from module 'feed'",
                "add '@preconcurrency' to treat 'sendable'-related errors from module 'feed' as warnings",
            ])
        #expect(MessageShape(format: "%kind0 is %select{a|b|c}1%s2").samples().count == 6)
        #expect(MessageShape(format: "100%% sure about %0").matches("100% sure about 'it'"))
    }
}
