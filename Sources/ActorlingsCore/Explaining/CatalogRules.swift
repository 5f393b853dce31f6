/// The rules that derive the concurrency catalog from a toolchain's diagnostic list, which has
/// ids and message formats but no severity. Documented in `Documentation/Explanations.md`.
enum CatalogRules {
    /// Words (in an id, or in a format with its `%select` alternatives) that make a diagnostic
    /// a concurrency one.
    static let idWords = [
        "actor", "sendable", "sending", "isolat", "async", "await", "task", "continuation", "concurren",
        "preconcurrency", "predates_concurrency", "executor", "regionbased", "rbi_", "nonisolated", "global_actor",
        "shared_mutable_state", "shared_immutable_state", "shared_state", "capturepromotion_concurrent",
    ]
    static let formatWords = [
        "actor", "sendable", "sending", "isolat", "'async'", "async ", "'await'", "await ", "task", "continuation",
        "concurren", "@preconcurrency", "executor", "data race", "nonisolated", "@mainactor", "mainactor",
        "'@concurrent'", "globalactor",
    ]

    /// Ids whose words match but which are not about concurrency: the word appears only as one
    /// alternative of a list (`class|actor`, `try|await`) or in a refactoring message.
    static let notConcurrency: Set<String> = [
        "destructor_decl_outside_class_or_noncopyable", "class_without_init", "try_rhs", "try_if_rhs_noncovering",
        "try_assign_rhs_noncovering", "instancemember_compilerinitialized", "inverse_on_class", "attr_MainType_without_main",
        "noncopyable_effectful_getter", "borrowed_with_effect", "property_wrapper_effectful", "effectful_keypath_component",
        "invalid_accessor_with_effectful_get", "expected_lbrace_actor", "expected_rbrace_actor",
    ]

    /// Notes whose id and words do not say so, checked against the compiler's output.
    static let knownNotes: Set<String> = [
        "regionbasedisolation_named_send_into_sending_param", "regionbasedisolation_named_info_send_yields_race",
        "regionbasedisolation_named_info_send_yields_race_callee", "regionbasedisolation_named_send_never_sendable",
        "regionbasedisolation_named_send_never_sendable_callee", "regionbasedisolation_maybe_race",
        "regionbasedisolation_type_is_non_sendable", "regionbasedisolation_named_nosend_send_into_result",
        "regionbasedisolation_named_isolated_closure_yields_race", "regionbasedisolation_named_value_used_after_explicit_sending",
        "regionbasedisolation_named_nonisolated_asynclet_name", "regionbasedisolation_named_send_nt_asynclet_capture",
        "regionbasedisolation_isolated_conformance_introduced",
        "rbi_non_sendable_nominal", "rbi_nonsendable_function_type", "actor_isolation_source", "actor_mutable_state",
        "non_sendable_nominal", "nonsendable_function_type", "nonsendable_tuple_type", "async_inferred_from_operation",
        "actor_isolated_sync_func", "actor_isolated_sync_func_value", "note_actor_isolated_witness",
        "protocol_isolated_to_global_actor_here", "isolated_parameter_previous_note", "protocol_witness_non_sendable",
        "less_sendable_reqt_here", "objc_ambiguous_async_convention_candidate", "nonisolated_blame", "writebackoverlap_note",
        "shared_state_make_immutable", "shared_state_nonisolated_unsafe", "invalid_redecl_of_file_isolation_prev",
        "move_global_actor_attr_to_storage_decl", "explicit_disable_sendable", "remove_async_add_task",
        "property_requires_actor", "async_access_without_await",
        "async_call_without_await_in_autoclosure", "async_call_without_await_in_async_let", "async_let_without_await",
        "noescape_parameter", "throwing_async_let_without_try",
        // The region-isolation pass emits these with `diagnoseNote` under
        // `regionbasedisolation_type_send_yields_race` (swiftlang/swift, SendNonSendable.cpp).
        "regionbasedisolation_type_use_after_send", "regionbasedisolation_type_use_after_send_callee",
        "regionbasedisolation_typed_use_after_sending", "regionbasedisolation_typed_use_after_sending_callee",
        "regionbasedisolation_typed_tns_passed_to_sending", "regionbasedisolation_typed_tns_passed_to_sending_callee",
        "regionbasedisolation_typed_sendneversendable_via_arg", "regionbasedisolation_typed_sendneversendable_via_arg_callee",
        "regionbasedisolation_type_isolated_capture_yields_race",
    ]
    /// Printed as warnings although their ids look like notes (checked against compiler output).
    static let knownWarnings: Set<String> = ["add_predates_concurrency_import", "remove_predates_concurrency_import"]
    static let noteIdPrefixes = ["note_", "add_", "remove_", "fixit_", "suggest_", "rbi_add_"]
    static let noteIdParts = ["_note", "_here", "_helper_", "closure_captures", "_blame"]
    static let noteMessageStarts = [
        "add ", "consider ", "did you mean", "closure captures", "mark ", "make ", "use ", "convert ", "change ",
        "remove ", "turn ", "isolate ", "previous ", "capturing use", "variable captured", "access can happen",
        "conformance depends", "expected sendability",
    ]
    static let warningIdPrefixes = ["warn_", "warning_"]
    static let warningMessageParts = [
        "has no effect", "will be an error", "is deprecated", "are deprecated", "consider removing it", "is unnecessary",
        "will never be used", "should be marked", "to preserve behavior", "no 'async' operations occur",
    ]

    static func isConcurrency(id: String, format: String) -> Bool {
        // IDE-only diagnostics and the refactoring engine's ("cannot refactor …" contains "actor").
        let lowered = format.lowercased()
        guard !notConcurrency.contains(id), !id.hasPrefix("ide_"), !lowered.contains("refactor") else { return false }
        return idWords.contains { id.contains($0) } || formatWords.contains { lowered.contains($0) }
    }

    /// About distributed actors only: the id says so, or the format does outside its `%select`
    /// lists (`%select{actor|distributed actor}0 types do not support inheritance` is about both).
    static func isDistributed(id: String, format: String) -> Bool {
        if id.contains("distributed") { return true }
        var depth = 0
        var literal = ""
        var index = format.startIndex
        while index < format.endIndex {
            let rest = format[index...]
            if rest.hasPrefix("%select{") {
                depth += 1
                index = format.index(index, offsetBy: 8)
                continue
            }
            if depth > 0, format[index] == "}" { depth -= 1 } else if depth == 0 { literal.append(format[index]) }
            index = format.index(after: index)
        }
        return literal.lowercased().contains("distributed")
    }

    static func kind(id: String, format: String) -> DiagnosticCatalog.Entry.Kind {
        let message = format.lowercased()
        if knownWarnings.contains(id) || warningIdPrefixes.contains(where: id.hasPrefix) { return .warning }
        if knownNotes.contains(id) || noteIdPrefixes.contains(where: id.hasPrefix) || noteIdParts.contains(where: id.contains)
            || noteMessageStarts.contains(where: message.hasPrefix) || message.contains(" declared here")
            || message.hasSuffix(" here")
        {
            return .note
        }
        if warningMessageParts.contains(where: message.contains) {
            return .warning
        }
        return .error
    }

    /// The family a diagnostic belongs to, for the generic answer to one without an entry.
    static func family(id: String, format: String) -> String {
        let text = id + " " + format.lowercased()
        let families: [(words: [String], name: String)] = [
            (["distributed"], "distributed actors"),
            (
                ["nonisolated_nonsending", "nonisolated(nonsending)", "execution_behavior", "@concurrent", "nonisolated_behavior"],
                "nonisolated(nonsending) and @concurrent"
            ),
            (["regionbased", "rbi_", "'sending'", "sending_", "sending %", "risks causing"], "sending values between isolation domains (regions)"),
            (["preconcurrency", "predates_concurrency"], "@preconcurrency and code that predates concurrency checking"),
            (["executor"], "executors"),
            (["continuation"], "continuations"),
            (["isolated_parameter", "'isolated' parameter", "isolated(any)", "isolated_any"], "isolated parameters and @isolated(any)"),
            (["isolated_conformance", "isolated conformance", "conformance_mismatched_isolation"], "isolated conformances"),
            (["objc", "cxx", "objective-c", "c++", "represented in c"], "async and actors in Objective-C, C and C++ interoperability"),
            (["sendable"], "Sendable"),
            (["global_actor", "global actor"], "global actors"),
            (["nonisolated"], "nonisolated declarations"),
            (["async_let", "async let"], "async let"),
            (["task"], "tasks"),
            (["await", "async"], "async/await"),
            (["actor", "isolat"], "actor isolation"),
        ]
        return families.first { $0.words.contains(where: text.contains) }?.name ?? "concurrency"
    }
}
