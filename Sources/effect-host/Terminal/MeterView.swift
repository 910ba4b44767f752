import EffectHost
import EffectRender

/// The rendering for effects without a view of their own: one meter per
/// global channel, scaled to its declared range.
struct MeterView: TerminalView {
    let effect: EffectDescription
    let elementCount: Int

    func lines(for frame: SampledFrame) throws -> [String] {
        let width = effect.channels.map(\.name.count).max() ?? 0
        var lines = ["\(Terminal.sanitize(effect.name))  t = \(fixed(frame.t, 3)) s"]
        for (index, channel) in effect.channels.enumerated() {
            let value = frame.values[index]
            let name = Terminal.sanitize(channel.name) + String(repeating: " ", count: width - channel.name.count)
            var line = "  \(name)  \(pad(fixed(value, 4), 10))"
            if channel.range.lowerBound.isFinite, channel.range.upperBound.isFinite,
                channel.range.upperBound > channel.range.lowerBound
            {
                let fraction = (value - channel.range.lowerBound) / (channel.range.upperBound - channel.range.lowerBound)
                line += "  " + bar(fraction, width: 30)
            }
            if let label = channel.label(for: value) { line += "  " + Terminal.sanitize(label) }
            lines.append(line)
        }
        if elementCount > 0, !effect.elementChannels.isEmpty {
            let noun = effect.elementNoun.isEmpty ? "elements" : effect.elementNoun + "s"
            lines.append("  + \(elementCount) \(Terminal.sanitize(noun)) x \(effect.elementChannels.count) channels")
        }
        // One width for all, so the screen centres them as one block.
        let blockWidth = lines.map(TerminalScreen.width).max() ?? 0
        return lines.map { $0 + String(repeating: " ", count: blockWidth - TerminalScreen.width(of: $0)) }
    }
}

/// A horizontal bar in eighth-block steps for `fraction` of `width` cells.
func bar(_ fraction: Double, width: Int) -> String {
    let eighths = Int((max(0, min(1, fraction)) * Double(width * 8)).rounded())
    let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var text = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    text += String(repeating: " ", count: width - eighths / 8 - (eighths % 8 > 0 ? 1 : 0))
    return "[" + text + "]"
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

/// A plugin's number as an Int for drawing, limited to `range` so that no
/// value a plugin writes can trap the host (NaN becomes the lower bound).
func clampedInt(_ x: Double, _ range: ClosedRange<Int>) -> Int {
    guard x > Double(range.lowerBound) else { return range.lowerBound }
    guard x < Double(range.upperBound) else { return range.upperBound }
    return Int(x)
}
