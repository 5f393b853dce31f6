// swiftc-flags:
/// A parsed document with mutable state: not Sendable.
final class Document {
    var title = ""
}

/// Hands the value to the sync engine, which shares it between tasks.
func enqueueForSync<Value: Sendable>(_ value: Value) {}

func save(_ document: Document) {
    enqueueForSync(document)
}

func openDocument() async -> String {
    let loading = Task {
        Document()
    }
    return await loading.value.title
}
