/// Tables drawn with box characters, columns sized to their content and shrunk to the terminal.
extension TerminalMarkdownRenderer {
    func tableLines(_ table: MarkdownTable, width: Int) -> [String] {
        let header = table.header.map { spans($0, [.bold]) }
        let rows = table.rows.map { row in row.map { spans($0) } }
        let widths = columnWidths(for: [header] + rows, available: width - (3 * table.alignments.count + 1))
        func border(_ left: String, _ middle: String, _ right: String) -> String {
            let segments = widths.map { String(repeating: "─", count: $0 + 2) }
            return palette.apply(.dim, left + segments.joined(separator: middle) + right)
        }
        var lines = [border("┌", "┬", "┐")]
        lines += rowLines(header, widths: widths, alignments: table.alignments)
        lines.append(border("├", "┼", "┤"))
        for row in rows {
            lines += rowLines(row, widths: widths, alignments: table.alignments)
        }
        lines.append(border("└", "┴", "┘"))
        return lines
    }

    /// Each column as wide as its widest cell; if the table is too wide, the widest column gives up
    /// a column at a time, first down to its longest word, then (cutting words) down to one.
    private func columnWidths(for rows: [[[StyledSpan]]], available: Int) -> [Int] {
        let count = rows.first?.count ?? 0
        func widest(_ column: Int, wrappedTo width: Int) -> Int {
            rows.map { row in
                StyledText.wrap(row[column], width: width).map(StyledText.width(of:)).max() ?? 0
            }.max() ?? 0
        }
        var widths = (0..<count).map { max(widest($0, wrappedTo: Int.max), 1) }
        let longestWords = (0..<count).map { max(widest($0, wrappedTo: 1), 1) }
        for floor in [longestWords, Array(repeating: 1, count: count)] {
            while widths.reduce(0, +) > available {
                let shrinkable = widths.indices.filter { widths[$0] > floor[$0] }
                guard let column = shrinkable.max(by: { widths[$0] < widths[$1] }) else { break }
                widths[column] -= 1
            }
        }
        return widths
    }

    private func rowLines(_ cells: [[StyledSpan]], widths: [Int], alignments: [MarkdownTable.Alignment]) -> [String] {
        let wrapped = cells.indices.map { StyledText.wrap(cells[$0], width: widths[$0], breakLongWords: true) }
        let height = wrapped.map(\.count).max() ?? 1
        let bar = palette.apply(.dim, "│")
        return (0..<height).map { lineIndex in
            var line = bar
            for column in cells.indices {
                let content = lineIndex < wrapped[column].count ? wrapped[column][lineIndex] : []
                let padding = max(widths[column] - StyledText.width(of: content), 0)
                let left =
                    switch alignments[column] {
                    case .right: padding
                    case .center: padding / 2
                    case .left, .none: 0
                    }
                line += " " + String(repeating: " ", count: left) + StyledText.render(content, palette: palette)
                line += String(repeating: " ", count: padding - left) + " " + bar
            }
            return line
        }
    }
}
