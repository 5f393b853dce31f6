// swiftc-flags:
/// Calls the handler from a background thread when the upload finishes.
func onUploadFinished(_ handler: @escaping @Sendable () -> Void) {}

func trackUpload(then completion: @escaping () -> Void) {
    onUploadFinished(completion)
}

func trackUpload(logger: @escaping (String) -> Void) {
    let log: @Sendable (String) -> Void = logger
    onUploadFinished { log("done") }
}

func trackUpload(fileName: String) {
    let announce = { print("uploaded \(fileName)") }
    let handler: @Sendable () -> Void = announce
    onUploadFinished(handler)
}
