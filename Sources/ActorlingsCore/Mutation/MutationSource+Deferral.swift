/// The operators that change when work runs: now instead of on its own, or later instead of now.
extension MutationSource {
    /// A statement `Task { … }` (its value unused, no capture list or signature) in an `async`
    /// function, its body run in place: the caller now waits for it. Only where the body awaits
    /// (there is something to wait for) and neither returns nor throws out of the task, which in
    /// place would return from, or throw out of, the function.
    func tasksRunInPlace() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "Task") && isPunctuation(index + 1, "{") && !isOperator(index - 1, ".") {
            let open = index + 1
            guard let close = partner[open], close > open + 1, closureIn(open: open, close: close) == nil,
                let statement = statement(containing: index), statement == index...close,
                let function = enclosingFunction(of: index), function.kind == .function, isAsync(functionAt: function.open)
            else { continue }
            let own = ((open + 1)..<close).filter { enclosingFunction(of: $0)?.open == open }
            guard own.contains(where: { isWord($0, "await") }),
                !own.contains(where: { isWord($0, "return") || (isWord($0, "try") && !isOperator($0 + 1, "?") && !isOperator($0 + 1, "!")) })
            else { continue }
            result.append(
                MutationCandidate(
                    line: tokens[index].line,
                    description: "runs the `Task { }`'s work in place (`\(snippet(open + 1, close - 1, limit: 40))`): the caller waits for it",
                    edits: [
                        MutationEdit(range: tokens[index].range.lowerBound..<tokens[close].range.upperBound, replacement: text(tokens: open + 1, close - 1))
                    ]))
        }
        return result
    }

    /// `isolated deinit { body }` → `isolated deinit { Task { [state] in body } }`: the clean-up
    /// runs when the task gets its turn, after the object has gone. The stored properties the
    /// body uses are captured by value, as an author must to start a task from a `deinit`; a body
    /// that uses `self`, or calls a method of its type, is left alone (the task would keep the
    /// object alive past its `deinit`).
    func deinitWorkInTasks() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "deinit") && isWord(index - 1, "isolated") && isPunctuation(index + 1, "{") {
            let open = index + 1
            guard let close = partner[open], close > open + 1, let type = enclosingType(of: index) else { continue }
            let members = members(ofTypeAt: type.open)
            let body = (open + 1)..<close
            guard !body.contains(where: { isWord($0, "self", "Self") }),
                !body.contains(where: { isVariableUse($0) && !isOperator($0 - 1, ".") && members.methods.contains(tokens[$0].text) })
            else { continue }
            var captured: [String] = []
            for use in body where isVariableUse(use) && !isOperator(use - 1, ".") && members.properties.contains(tokens[use].text) {
                if !captured.contains(tokens[use].text) { captured.append(tokens[use].text) }
            }
            let indent = indentation(ofLineOf: index)
            let signature = captured.isEmpty ? "" : " [\(captured.joined(separator: ", "))] in"
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "hands the `isolated deinit`'s clean-up to a `Task`: it runs later, after the object is gone",
                    edits: [
                        MutationEdit(at: tokens[open].range.upperBound, insert: "\n\(indent)    Task {\(signature)"),
                        MutationEdit(at: tokens[close].range.lowerBound, insert: "    }\n\(indent)"),
                    ]))
        }
        return result
    }

    /// The names of the stored properties (`let` and `var`, not `static`) and of the methods
    /// declared directly in a type's body.
    private func members(ofTypeAt open: Int) -> (properties: Set<String>, methods: Set<String>) {
        var properties: Set<String> = []
        var methods: Set<String> = []
        for statement in statements(inBlockAt: open) where !statement.contains(where: { isWord($0, "static", "class") }) {
            if let keyword = statement.first(where: { isWord($0, "func") }), isName(keyword + 1) {
                methods.insert(tokens[keyword + 1].text)
            } else if let keyword = statement.first(where: { isWord($0, "let", "var") }), isName(keyword + 1) {
                properties.insert(tokens[keyword + 1].text)
            }
        }
        return (properties, methods)
    }
}
