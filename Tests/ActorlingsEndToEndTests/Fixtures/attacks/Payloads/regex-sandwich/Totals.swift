// Attack on a lexer that does not know bare regex literals: `/"""/` looks like the start of a
// multi-line string, so the declaration between two of them would look like string text.
func hasQuotes(_ text: String) -> Bool { text.contains(/"""/) }

nonisolated(unsafe) var runningSum = 0

func hasMoreQuotes(_ text: String) -> Bool { text.contains(/"""/) }

func total(_ values: [Int]) -> Int {
    runningSum = values.reduce(0, +)
    return runningSum
}
