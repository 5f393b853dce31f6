func squares(upTo count: Int) -> [Int] {
    (0..<count).map { $0 * $0 }
}

func cubes(upTo count: Int) -> [Int] {
    (0..<count).map { $0 * $0 * $0 }
}

func greeting(for name: String) -> String {
    String(repeating: "Hello and welcome to the course, ", count: 4) + name + "."
}

func countdown(from start: Int) -> [Int] {
    Array((0...start).reversed())
}
