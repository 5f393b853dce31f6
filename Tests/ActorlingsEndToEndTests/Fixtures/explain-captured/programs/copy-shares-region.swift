final class Draft {
    var body = ""
    func copy() -> Draft {
        let draft = Draft()
        draft.body = body
        return draft
    }
}

func take(_ draft: sending Draft) {}

func send(draft: Draft) {
    let copy = draft.copy()
    take(copy)
}
