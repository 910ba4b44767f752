import EffectHost

/// text-reveal in a terminal: the text laid out by the effect's own
/// WordFlow on the terminal grid (one cell per character), each unit
/// fading in as it rises out of its mask (or resolves from its blur, or
/// softens in), and highlight blocks wiping in behind their phrases in the
/// seed's butter colour, the ink flipping to dark under the block's edge.
/// With reduce_motion the blocks fade in instead of wiping, as in the seed.
struct TextRevealView: TerminalView {
    let instance: EffectInstance
    private let layout: LayoutResult
    /// Per unit: its row, its first column, its text.
    private let placements: [(row: Int, column: Int, text: [Character])]
    private let chunkOfUnit: [Int]
    private let masked: Bool
    private let unitHeight: Double
    private let blurRadius: Double
    private let columns: Int

    private static let ink = RGB(244, 243, 239)
    private static let highlightFill = RGB(255, 217, 118)
    private static let highlightInk = RGB(20, 20, 20)

    init(instance: EffectInstance, terminalColumns: Int) throws {
        self.instance = instance
        columns = max(10, terminalColumns - 2)
        layout = try instance.layout(sizes: nil, containerWidth: Double(columns))
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
            cursor.column += text.count
        }
        self.placements = placements
        self.chunkOfUnit = chunkOfUnit
        let preset = try instance.value(of: "preset", at: 0)
        let masksRise = try instance.value(of: "masks_rise", at: 0)
        masked = preset == .choice("rise") && masksRise == .bool(true)
        if case let .number(height) = try instance.value(of: "unit_height", at: 0) { unitHeight = height } else { unitHeight = 48 }
        if case let .number(radius) = try instance.value(of: "blur_radius", at: 0) { blurRadius = radius } else { blurRadius = 8 }
    }

    func lines(for frame: SampledFrame) throws -> [String] {
        let reduceMotion = try instance.value(of: "reduce_motion", at: frame.t) == .bool(true)
        let rows = clampedInt(layout.height.rounded(), 1...10_000)
        var text = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        var foreground = Array(repeating: Array(repeating: RGB(0, 0, 0), count: columns), count: rows)
        var background: [[RGB?]] = Array(repeating: Array(repeating: nil, count: columns), count: rows)
        let globals = instance.effect.channels.count
        let stride = instance.effect.elementChannels.count
        var revealed = 0
        var chunkHighlight: [Int: Double] = [:]
        for (unit, place) in placements.enumerated() {
            let base = globals + unit * stride
            let (progress, opacity, offset, blur, highlight) = (
                frame.values[base], frame.values[base + 1], frame.values[base + 2], frame.values[base + 3],
                frame.values[base + 5]
            )
            if progress >= 0.999 { revealed += 1 }
            chunkHighlight[chunkOfUnit[unit]] = highlight
            // A cell cannot move by a fraction of a row: a masked unit shows
            // as much as has risen out of its mask, as brightness.
            var alpha = masked && !reduceMotion ? max(0, 1 - offset / max(1e-9, 1.05 * unitHeight)) : opacity
            if blurRadius > 0 { alpha *= 1 - 0.6 * min(1, blur / blurRadius) }
            for (offsetInUnit, character) in place.text.enumerated() {
                let column = place.column + offsetInUnit
                guard place.row < rows, column >= 0, column < columns else { continue }
                text[place.row][column] = character
                foreground[place.row][column] = Self.ink.over(RGB(0, 0, 0), opacity: alpha)
            }
        }
        // The block covers its whole chunk, spaces included, and the ink
        // flips to dark where it has reached (with reduce_motion it fades).
        for (chunk, highlight) in chunkHighlight where highlight > 0 {
            guard let block = layout.items[chunk].decoration else { continue }
            let row = clampedInt(block.y.rounded(), 0...rows)
            let first = clampedInt(block.x.rounded(), 0...columns)
            let reach = reduceMotion ? block.x + block.width : block.x + highlight * block.width
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
                line += Terminal.foreground(foreground[row][column])
                line.append(text[row][column])
            }
            lines.append(line + Terminal.reset)
        }
        lines.append("")
        lines.append("t \(fixed(frame.t, 3)) s   \(revealed) of \(placements.count) units revealed")
        return lines
    }
}
