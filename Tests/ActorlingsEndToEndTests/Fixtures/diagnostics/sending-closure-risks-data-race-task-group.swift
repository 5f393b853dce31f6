// swiftc-flags:
func downloadSize(of url: String) async -> Int {
    url.count
}

func totalSize(of urls: [String]) async -> Int {
    var total = 0
    await withTaskGroup(of: Void.self) { group in
        for url in urls {
            group.addTask {
                total += await downloadSize(of: url)
            }
        }
    }
    return total
}
