import EffectABI
import EffectHost

/// text-reveal in a terminal: the text laid out by the effect's own
/// WordFlow on the terminal grid (a cell per character, two for wide ones)
/// and placed by its alignment, each unit fading in as it rises out of its
/// mask (or resolves from its blur, or softens in), and highlight blocks
/// wiping in behind their phrases in the seed's butter colour, the ink
/// flipping to dark under the block's edge. With reduce_motion the blocks
/// fade in instead of wiping, as in the seed. Everything that changes
/// comes from the frame's channels, so replays and live params show as the
/// effect runs them.
struct TextRevealView: TerminalView {
    let instance: EffectInstance
    private let layout: LayoutResult
    /// Per unit: its row, its first column, its text.
    private let placements: [(row: Int, column: Int, text: [Character])]
    private let chunkOfUnit: [Int]
    private let columns: Int
    /// Where the layout's left edge goes in the terminal.
    private let indent: Int

    private static let ink = RGB(244, 243, 239)
    private static let highlightFill = RGB(255, 217, 118)
    private static let highlightInk = RGB(20, 20, 20)

    init(instance: EffectInstance, terminalColumns: Int) throws {
        self.instance = instance
        columns = max(10, terminalColumns - 2)
        layout = try instance.layout(sizes: nil, containerWidth: Double(columns))
        let spare = max(0, columns - clampedInt(layout.width.rounded(), 0...columns))
        switch try instance.value(of: "alignment", at: 0) {
        case .choice("center"): indent = spare / 2
        case .choice("trailing"): indent = spare
        default: indent = 0
        }
        var placements: [(Int, Int, [Character])] = []
        var chunkOfUnit: [Int] = []
        var cursor: (chunk: Int, word: Int, column: Int) = (-1, -1, 0)
        for index in 0..<instance.elementCount {
            let element = try instance.element(index)
            guard element.attributes.count >= 3 else { throw RuntimeError("text-reveal: element \(index) lacks its attributes") }
            let chunk = clampedInt(element.attributes[0], 0...max(0, layout.items.count - 1))
            let word = clampedInt(element.attributes[2], 0...Int(Int32.max))
            guard layout.items.indices.contains(chunk) else { throw RuntimeError("text-reveal: element \(index) has no chunk") }
            let item = layout.items[chunk]
            if chunk != cursor.chunk {
                cursor = (chunk, word, clampedInt(item.x.rounded(), -columns...columns))
            } else if word != cursor.word {
                cursor.word = word
                cursor.column += 1
            }
            let text = Array(Terminal.sanitize(element.text))
            placements.append((clampedInt(item.y.rounded(), 0...10_000), cursor.column, text))
            chunkOfUnit.append(chunk)
            cursor.column += text.reduce(0) { $0 + TerminalCells.width(of: $1) }
        }
        self.placements = placements
        self.chunkOfUnit = chunkOfUnit
    }

    private func channel(_ name: String, _ frame: SampledFrame) -> Double {
        instance.effect.channels.firstIndex { $0.name == name }.map { frame.values[$0] } ?? 0
    }

    func lines(for frame: SampledFrame) throws -> [String] {
        let masked = channel("masked", frame) == 1
        let reduceMotion = channel("highlight_fades", frame) == 1
        let rows = clampedInt(layout.height.rounded(), 1...10_000)
        // A wide character fills its cell and the next, which stays empty.
        var text: [[Character?]] = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        var foreground = Array(repeating: Array(repeating: RGB(0, 0, 0), count: columns), count: rows)
        var background: [[RGB?]] = Array(repeating: Array(repeating: nil, count: columns), count: rows)
        let globals = instance.effect.channels.count
        let stride = instance.effect.elementChannels.count
        var revealed = 0
        var chunkHighlight: [Int: Double] = [:]
        for (unit, place) in placements.enumerated() {
            let base = globals + unit * stride
            let (progress, opacity, highlight) = (frame.values[base], frame.values[base + 1], frame.values[base + 5])
            if progress >= 0.999 { revealed += 1 }
            chunkHighlight[chunkOfUnit[unit]] = highlight
            // A cell cannot move by a fraction of a row: a masked unit shows
            // as much as has risen out of its mask, as brightness; a blur
            // shows as the fade that comes with it.
            let alpha = masked ? max(0, min(1, progress)) : opacity
            var column = indent + place.column
            for character in place.text {
                let width = TerminalCells.width(of: character)
                if place.row < rows, column >= 0, column + width <= columns {
                    text[place.row][column] = character
                    if width == 2 { text[place.row][column + 1] = nil }
                    foreground[place.row][column] = Self.ink.over(RGB(0, 0, 0), opacity: alpha)
                }
                column += width
            }
        }
        // The block covers its whole chunk, spaces included, and the ink
        // flips to dark where it has reached (with reduce_motion it fades).
        for (chunk, highlight) in chunkHighlight where highlight > 0 {
            guard let block = layout.items[chunk].decoration else { continue }
            let row = clampedInt(block.y.rounded(), 0...rows)
            let left = Double(indent) + block.x
            let first = clampedInt(left.rounded(), 0...columns)
            let reach = reduceMotion ? left + block.width : left + highlight * block.width
            let last = clampedInt(reach.rounded(.up), first...columns)
            guard row < rows else { continue }
            for column in first..<last where reduceMotion || Double(column) < reach {
                if reduceMotion {
                    background[row][column] = Self.highlightFill.over(RGB(0, 0, 0), opacity: highlight)
                    foreground[row][column] = Self.highlightInk.over(foreground[row][column], opacity: highlight)
                } else {
                    background[row][column] = Self.highlightFill
                    foreground[row][column] = Self.highlightInk
                }
            }
        }
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                if let fill = background[row][column] { line += Terminal.background(fill) } else { line += "\u{1B}[49m" }
                guard let character = text[row][column] else { continue }
                line += Terminal.foreground(foreground[row][column])
                line.append(character)
            }
            lines.append(line + Terminal.reset)
        }
        lines.append("")
        lines.append("t \(fixed(frame.t, 3)) s   \(revealed) of \(placements.count) units revealed")
        return lines
    }
}
