final class Report {
    var lines: [String] = []
}

func convert(_ f: @escaping @Sendable (sending Report) -> Void) -> (Report) -> Void {
    f
}
