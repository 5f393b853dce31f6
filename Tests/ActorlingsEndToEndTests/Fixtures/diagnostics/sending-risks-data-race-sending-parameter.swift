// swiftc-flags:
final class Draft {
    var body = ""
}

/// Takes ownership of the draft: the caller must not use it afterwards.
func archive(_ draft: sending Draft) {}

func archiveAndEdit() {
    let draft = Draft()
    archive(draft)
    draft.body = "edited after archiving"
}

@MainActor final class ComposeModel {
    var draft = Draft()

    func archiveCurrent() {
        archive(draft)
    }

    /// Hands the draft to the caller, who may send it to another isolation domain.
    func takeDraft() -> sending Draft {
        draft
    }
}
