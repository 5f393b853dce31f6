/// Tasks started only to take a turn of the scheduler (`await Task {}.value`).
extension CompilerView {
    /// Where a task is started that awaits nothing of the code under test: the indices of
    /// ``references`` that start one (`Task {}`, `group.addTask {}`), and the `async` of each
    /// such `async let`.
    ///
    /// The code under test is the module the tests import (``testedModule``), or, in the
    /// learner's own code, the learner's module. A task does work when its call (`Task { … }`,
    /// closure included) holds an `await` of a declaration of that module, or of a function of
    /// the learner's that awaits one, directly or through others (`Task { await twoSearches() }`).
    /// Any other task — `Task {}`, `Task { await Task.yield() }`, `Task { _ = model.count }` —
    /// is a `Task.yield()` by another name: awaiting it gives other jobs a turn and waits for
    /// no event.
    /// An `async let`'s initializer is awaited as a whole, so there any reference to the code
    /// under test is work (`async let older: Void = model.search("bl")`).
    public func idleTaskReferences() -> (references: Set<Int>, asyncLets: [Location]) {
        let graph = CallGraph(self)
        let tested = (testedModule ?? "exercise") + "."
        let calls = scopes.filter { $0.kind == .call }.map(\.range)
        let awaits = scopes.filter { $0.kind == .await }.map(\.range)
        let awaited = references.map { reference in awaits.contains { $0.contains(reference.location) } }

        // Bodies of the learner's that await the code under test, and those that await them.
        var working = Set<Int>()
        var changed = true
        while changed {
            changed = false
            for (index, reference) in references.enumerated() where awaited[index] {
                guard reference.name.hasPrefix(tested) || graph.calls[index].contains(where: working.contains) else { continue }
                for body in graph.bodies where scopes[body].range.contains(reference.location) && working.insert(body).inserted {
                    changed = true
                }
            }
        }

        var idle = Set<Int>()
        func works(_ other: Int) -> Bool {
            references[other].name.hasPrefix(tested) || graph.calls[other].contains(where: working.contains)
        }
        for (index, reference) in references.enumerated() where ConstructKind.idleTask.matches(reference.name) {
            // The task's own call is the innermost call around the initializer's name.
            let around = calls.filter { $0.contains(reference.location) }
            guard let call = around.min(by: { $1.contains($0) && $0 != $1 }) else {
                idle.insert(index)
                continue
            }
            let busy = references.indices.contains { other in
                other != index && call.contains(references[other].location)
                    && awaits.contains { call.contains($0) && $0.contains(references[other].location) } && works(other)
            }
            if !busy { idle.insert(index) }
        }
        var idleLets: [Location] = []
        let bindings = scopes.filter { $0.kind == .binding }.map(\.range)
        for keyword in scopes where keyword.kind == .asyncLet {
            let start = keyword.range.start
            guard
                let binding = bindings.filter({ $0.file == keyword.range.file && $0.start.line == start.line && $0.start > start })
                    .min(by: { $0.start < $1.start })
            else { continue }
            if !references.indices.contains(where: { binding.contains(references[$0].location) && works($0) }) {
                idleLets.append(Location(file: keyword.range.file, line: start.line, column: start.column))
            }
        }
        return (idle, idleLets)
    }
}
