import EffectHost

/// text-reveal as the seed draws it (docs/effects.md, text-reveal):
/// chunks measured in 40 pt bold and placed by the plugin's own `layout` at
/// the container's width; each unit moved down by `offset_y`, faded,
/// blurred and scaled about its bottom edge; while `masked`, each chunk
/// clipped at its bottom edge; behind a highlighted chunk the butter block
/// wiping in from the leading edge, and over it an ink copy of the phrase
/// uncovered by the same wipe.
struct TextRevealDrawing: EffectDrawing {
    let width: Double
    let height: Double
    private let units: [Unit]
    private let chunks: [Chunk]

    static let fontSize = 40.0
    static let margin = 24.0
    static let ink = "#1d1d1f"
    static let block = "#ffd976"
    static let highlightInk = "#141414"
    /// SF's ascent, as a fraction of the font size: the baseline's depth.
    static let ascent = 0.952

    private struct Unit {
        let text: String
        let chunk: Int
        /// Left edge and width within the whole picture, at rest.
        let x: Double
        let width: Double
    }

    private struct Chunk {
        let x, y, width, height: Double
        let highlighted: Bool
        let block: (x: Double, y: Double, width: Double, height: Double, radius: Double)?
        let pad: Double
        let units: [Int]
    }

    init(instance: EffectInstance, containerWidth: Double) throws {
        let effect = instance.effect
        let chunkAttribute = effect.attributes.firstIndex { $0.name == "chunk" }
        let wordAttribute = effect.attributes.firstIndex { $0.name == "word" }
        let highlightedAttribute = effect.attributes.firstIndex { $0.name == "highlighted" }
        let elements = try (0..<instance.elementCount).map { index in try instance.element(index) }
        func attribute(_ element: ElementDescription, _ index: Int?) -> Int {
            guard let index, index < element.attributes.count, element.attributes[index].isFinite else { return 0 }
            return Int(clamping: Int64(exactly: element.attributes[index].rounded()) ?? 0)
        }
        let chunkCount = instance.layoutItemCount
        let space = TextMetrics.width(of: " ", size: Self.fontSize, weight: 700)
        let lineHeight = TextMetrics.lineHeight(size: Self.fontSize)

        // Each chunk measured as the component measures it: its units side
        // by side, one space between words.
        var offsets: [Double] = []
        var widths: [Double] = []
        var chunkWidths = Array(repeating: 0.0, count: chunkCount)
        var lastWord = Array(repeating: Int?.none, count: chunkCount)
        var members = Array(repeating: [Int](), count: chunkCount)
        var highlighted = Array(repeating: false, count: chunkCount)
        for (index, element) in elements.enumerated() {
            let chunk = attribute(element, chunkAttribute)
            guard chunk >= 0, chunk < chunkCount else {
                throw RuntimeError("text-reveal: unit \(index) names chunk \(chunk) of \(chunkCount)")
            }
            let word = attribute(element, wordAttribute)
            if let previous = lastWord[chunk], previous != word { chunkWidths[chunk] += space }
            lastWord[chunk] = word
            let unitWidth = TextMetrics.width(of: element.text, size: Self.fontSize, weight: 700)
            offsets.append(chunkWidths[chunk])
            widths.append(unitWidth)
            chunkWidths[chunk] += unitWidth
            members[chunk].append(index)
            highlighted[chunk] = highlighted[chunk] || attribute(element, highlightedAttribute) == 1
        }
        let layout = try instance.layout(
            sizes: chunkWidths.map { ($0, lineHeight) }, containerWidth: max(1, containerWidth - 2 * Self.margin))
        let margin = Self.margin
        chunks = layout.items.enumerated().map { index, item in
            let block = item.decoration.map { ($0.x + margin, $0.y + margin, $0.width, $0.height, $0.radius) }
            return Chunk(
                x: item.x + margin, y: item.y + margin, width: item.width, height: item.height,
                highlighted: highlighted[index], block: block, pad: block.map { item.x + margin - $0.0 } ?? 0,
                units: members[index])
        }
        units = elements.enumerated().map { index, element in
            let chunk = attribute(element, chunkAttribute)
            return Unit(text: element.text, chunk: chunk, x: layout.items[chunk].x + margin + offsets[index], width: widths[index])
        }
        width = max(containerWidth, layout.width + 2 * margin).rounded(.up)
        height = (layout.height + 2 * margin).rounded(.up)
    }

    func draw(_ frame: FrameValues) throws -> String {
        let n = SVG.number
        let masked = frame.global("masked") >= 0.5
        let fades = frame.global("highlight_fades") >= 0.5
        var defs = ""
        var body = ""
        for (index, chunk) in chunks.enumerated() {
            let wipe = chunk.units.first.map { min(1, max(0, frame.element($0, "highlight"))) } ?? 0
            if chunk.highlighted, let block = chunk.block, wipe > 0 {
                let shape = "x=\"\(n(block.x))\" y=\"\(n(block.y))\" width=\"\(n(block.width))\" height=\"\(n(block.height))\" rx=\"\(n(block.radius))\""
                if fades {
                    body += "<rect class=\"block\" \(shape) fill=\"\(Self.block)\" opacity=\"\(n(wipe))\"/>"
                } else {
                    body += "<rect class=\"block\" \(shape) fill=\"\(Self.block)\" "
                    body += "transform=\"translate(\(n(chunk.x)) 0) scale(\(n(wipe)) 1) translate(\(n(-chunk.x)) 0)\"/>"
                }
            }
            // The rise mask: open above and, while masked, 40 pt to each
            // side; closed at the chunk's bottom edge.
            if masked {
                defs += "<clipPath id=\"mask\(index)\"><rect x=\"\(n(chunk.x - 40))\" y=\"\(n(chunk.y - 400))\" "
                defs += "width=\"\(n(chunk.width + 80))\" height=\"\(n(chunk.height + 400))\"/></clipPath>"
                body += "<g clip-path=\"url(#mask\(index))\">"
            } else {
                body += "<g>"
            }
            for unit in chunk.units {
                body += try unitText(unit, frame, defs: &defs)
            }
            body += "</g>"
            if chunk.highlighted, wipe > 0 {
                var ink = ""
                for unit in chunk.units { ink += restingText(units[unit], fill: Self.highlightInk) }
                if fades {
                    body += "<g class=\"ink\" opacity=\"\(n(wipe))\">\(ink)</g>"
                } else {
                    defs += "<clipPath id=\"wipe\(index)\"><rect x=\"\(n(chunk.x))\" y=\"\(n(chunk.y - chunk.height))\" "
                    defs += "width=\"\(n(chunk.width * wipe))\" height=\"\(n(chunk.height * 3))\"/></clipPath>"
                    body += "<g class=\"ink\" clip-path=\"url(#wipe\(index))\">\(ink)</g>"
                }
            }
        }
        return (defs.isEmpty ? "" : "<defs>\(defs)</defs>") + body
    }

    private func baseline(of unit: Unit) -> Double {
        chunks[unit.chunk].y + Self.ascent * Self.fontSize
    }

    private func restingText(_ unit: Unit, fill: String, attributes: String = "") -> String {
        let n = SVG.number
        return "<text x=\"\(n(unit.x))\" y=\"\(n(baseline(of: unit)))\" font-family=\"\(systemFontFamily)\" "
            + "font-size=\"\(n(Self.fontSize))\" font-weight=\"700\" fill=\"\(fill)\" textLength=\"\(n(unit.width))\" "
            + "lengthAdjust=\"spacingAndGlyphs\"\(attributes)>\(SVG.escape(unit.text))</text>"
    }

    private func unitText(_ index: Int, _ frame: FrameValues, defs: inout String) throws -> String {
        let n = SVG.number
        let unit = units[index]
        let bottom = chunks[unit.chunk].y + chunks[unit.chunk].height
        let centre = unit.x + unit.width / 2
        let scale = frame.element(index, "scale")
        // A masked unit rises from 1.05 of its own measured height, as the
        // component does (docs/effects.md); offset_y uses the unit_height
        // param, which is for renderers that do not measure.
        let masked = frame.global("masked") >= 0.5
        let offset = masked
            ? 1.05 * chunks[unit.chunk].height * (1 - frame.element(index, "progress")) : frame.element(index, "offset_y")
        var attributes = " class=\"unit\" data-unit=\"\(index)\" opacity=\"\(n(min(1, max(0, frame.element(index, "opacity")))))\""
        // Moved down, then scaled about its own bottom edge.
        attributes += " transform=\"translate(0 \(n(offset))) translate(\(n(centre)) \(n(bottom))) scale(\(n(scale))) "
        attributes += "translate(\(n(-centre)) \(n(-bottom)))\""
        let blur = frame.element(index, "blur")
        if blur > 0.001 {
            // SwiftUI's blur radius is about two standard deviations.
            defs += "<filter id=\"blur\(index)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
            defs += "<feGaussianBlur stdDeviation=\"\(n(blur / 2))\"/></filter>"
            attributes += " filter=\"url(#blur\(index))\""
        }
        return restingText(unit, fill: Self.ink, attributes: attributes)
    }
}
