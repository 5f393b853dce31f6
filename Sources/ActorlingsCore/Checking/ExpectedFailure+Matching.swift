extension ExpectedFailure {
    /// Whether `outcome` is the failure the course declares for the shipped exercise, and if not,
    /// what differs — `dev check` prints it so the author knows what to change.
    public func mismatch(with outcome: Outcome) -> String? {
        switch (self, outcome) {
        case (.compile(let token, let message), .compileFailed(let diagnostics)):
            // A build with no error fails for its warnings (an exercise passes only with zero
            // warnings): a migration mode's exercise declares the warning it is about.
            let errors = diagnostics.filter { $0.severity == .error }
            let candidates = errors.isEmpty ? diagnostics.filter { $0.severity == .warning } : errors
            let found = candidates.contains { diagnostic in
                (token.map(diagnostic.matches) ?? true)
                    && (message.map { diagnostic.message.contains($0) } ?? true)
            }
            if found { return nil }
            let seen = candidates.prefix(3).map { "\($0.displayMessage)\($0.identifier.map { " [\($0)]" } ?? "")" }
            return "expected a compile error \(describe(token: token, message: message)), but the "
                + (errors.isEmpty ? "warnings" : "errors") + " were: "
                + (seen.isEmpty ? "none" : seen.joined(separator: "; "))
        case (.tests(let names), .testsFailed(let report)):
            let missing = names.filter { name in !report.failures.contains { $0.isNamed(name) } }
            if missing.isEmpty { return nil }
            return "expected these tests to fail: \(missing.joined(separator: ", ")); failing were: "
                + report.failures.map(\.name).joined(separator: ", ")
        case (.compile(let token, let message), _):
            return "expected a compile error \(describe(token: token, message: message)), but the outcome was \(outcome.kind)"
        case (.tests(let names), _):
            return "expected failing tests (\(names.joined(separator: ", "))), but the outcome was \(outcome.kind)"
        }
    }

    private func describe(token: String?, message: String?) -> String {
        [token.map { "[\($0)]" }, message.map { "containing \"\($0)\"" }]
            .compactMap { $0 }.joined(separator: " ")
    }
}
