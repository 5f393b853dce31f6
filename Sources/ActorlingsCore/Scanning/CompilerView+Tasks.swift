/// Tasks started only to take a turn of the scheduler (`await Task {}.value`).
extension CompilerView {
    /// The indices of ``references`` that start a task awaiting nothing of the code under test.
    ///
    /// The code under test is the module the tests import (``testedModule``), or, in the
    /// learner's own code, the learner's module. A task does work when its call (`Task { … }`,
    /// closure included) holds an `await` of a declaration of that module, or of a function of
    /// the learner's that awaits one, directly or through others (`Task { await twoSearches() }`).
    /// Any other task — `Task {}`, `Task { await Task.yield() }`, `Task { _ = model.count }` —
    /// is a `Task.yield()` by another name: awaiting it gives other jobs a turn and waits for
    /// no event.
    public func idleTaskReferences() -> Set<Int> {
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
        for (index, reference) in references.enumerated() where ConstructKind.unstructuredTask.matches(reference.name) {
            // The task's own call is the innermost call around the initializer's name.
            let around = calls.filter { $0.contains(reference.location) }
            guard let call = around.min(by: { $1.contains($0) && $0 != $1 }) else {
                idle.insert(index)
                continue
            }
            let works = references.indices.contains { other in
                other != index && call.contains(references[other].location)
                    && awaits.contains { call.contains($0) && $0.contains(references[other].location) }
                    && (references[other].name.hasPrefix(tested) || graph.calls[other].contains(where: working.contains))
            }
            if !works { idle.insert(index) }
        }
        return idle
    }
}
