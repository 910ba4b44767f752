import Glibc

/// Rows in aligned columns, two spaces apart and indented by two, fitted
/// to a width without losing a word: the last column (a doc) is wrapped
/// into the room the others leave; when they leave too little, each row
/// becomes an entry of its own: its first cell, then the others as
/// "header value" and the last, each wrapped and indented below it.
/// Widths are terminal cells, so wide characters count twice.
struct TextTable {
    let header: [String]
    let rows: [[String]]
    /// Whether the header is printed as the first line (it still names the
    /// facts of an entry).
    var showsHeader = true

    /// The narrowest the last column is wrapped to before the rows become entries.
    static let minimumLastColumn = 30

    /// The table's lines; `width` nil lays it out at full width.
    func lines(width: Int?) -> [String] {
        let all = (showsHeader ? [header] : []) + rows
        let count = header.count
        let widths = (0..<count).map { column in all.map { TerminalScreen.width(of: $0[column]) }.max() ?? 0 }
        // Two for the indent, two between columns.
        let lead = 2 + widths.dropLast().reduce(0) { $0 + $1 + 2 }
        guard let width, lead + widths[count - 1] > width else { return aligned(all, widths, lastWidth: nil) }
        if count > 1, width - lead >= Self.minimumLastColumn { return aligned(all, widths, lastWidth: width - lead) }
        return entries(width: width)
    }

    private func aligned(_ all: [[String]], _ widths: [Int], lastWidth: Int?) -> [String] {
        var out: [String] = []
        for row in all {
            let cells = row.indices.dropLast().map { column in
                row[column] + String(repeating: " ", count: widths[column] - TerminalScreen.width(of: row[column]))
            }
            let lead = "  " + cells.map { $0 + "  " }.joined()
            let blank = String(repeating: " ", count: TerminalScreen.width(of: lead))
            let last = row[row.count - 1]
            let parts: [String] = lastWidth.map { Self.wrap(last, width: $0) } ?? [last]
            for (index, part) in parts.enumerated() {
                out.append(Self.trimmed((index == 0 ? lead : blank) + part))
            }
        }
        return out
    }

    private func entries(width: Int) -> [String] {
        let indent = "      "
        let room = max(20, width - indent.count)
        var out: [String] = []
        for row in rows {
            out.append("  " + row[0])
            let facts = zip(header, row).dropFirst().dropLast().filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1)" }
            if !facts.isEmpty { out += Self.wrap(facts.joined(separator: ", "), width: room).map { indent + $0 } }
            if row.count > 1, !row[row.count - 1].isEmpty { out += Self.wrap(row[row.count - 1], width: room).map { indent + $0 } }
        }
        return out
    }

    private static func trimmed(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) }

    /// The longest start of `text` within `cells` cells, and its width.
    static func prefix(_ text: String, cells: Int) -> (String, Int) {
        var kept = ""
        var used = 0
        for character in text {
            let size = TerminalScreen.width(of: String(character))
            if used + size > cells { break }
            kept.append(character)
            used += size
        }
        return (kept, used)
    }

    /// Words filled into lines of at most `width` cells; a longer word is
    /// split, after a slash where it has one. Never empty.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ") {
            var word = String(word)
            var size = TerminalScreen.width(of: word)
            if used > 0, used + 1 + size <= width {
                line += " " + word
                used += 1 + size
                continue
            }
            if used > 0 { lines.append(line) }
            while size > width {
                var (head, _) = prefix(word, cells: width)
                if head.isEmpty { head = String(word.prefix(1)) }
                // A path reads best broken after one of its slashes.
                if let slash = head.lastIndex(of: "/"), slash > head.startIndex {
                    head = String(head[...slash])
                }
                lines.append(head)
                word = String(word.dropFirst(head.count))
                size = TerminalScreen.width(of: word)
            }
            (line, used) = (word, size)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

extension Output {
    /// `text` as lines of at most `width` cells (whole when nil), the lines
    /// after the first indented by two.
    func paragraph(_ text: String, width: Int?) {
        guard let width else { return line(text) }
        for (index, part) in TextTable.wrap(text, width: max(20, width - 2)).enumerated() { line(index == 0 ? part : "  " + part) }
    }

    /// The width text written here should keep to: `COLUMNS` when set, else
    /// the terminal's, else none (a pipe or a file gets whole lines).
    var columns: Int? {
        if let text = getenv("COLUMNS").map({ String(cString: $0) }), let value = Int(text), value > 0 { return value }
        guard isTerminal else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
