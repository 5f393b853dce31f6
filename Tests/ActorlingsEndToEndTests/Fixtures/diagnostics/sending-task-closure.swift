// swiftc-flags:
/// Upload statistics: not Sendable.
final class UploadStats {
    var bytesSent = 0
}

func startUpload() {
    let stats = UploadStats()
    Task {
        stats.bytesSent += 1_024
    }
    print(stats.bytesSent)
}

func countRetries() async {
    var retries = 0
    Task {
        retries += 1
    }
    print(retries)
}
