import EffectHost
import Glibc

/// breathing-circles on a braille canvas: the article's teal-to-cyan
/// circles spreading, fading and turning, with the phase and the breath
/// count underneath. Braille has one colour per cell, so filled circles
/// would merge into one blob; each circle is drawn as its outline, and the
/// overlapping outlines make the flower the filled circles make on screen.
struct BreathingCirclesView: TerminalView {
    let instance: EffectInstance
    private let canvasRows: Int
    private let pointsPerDot: Double
    private let circleSize: Double
    private let breaths: Int64
    private let channel: [String: Int]
    private let phaseLabels: [String]

    private static let gradientStart = RGB(32, 217, 210)
    private static let gradientEnd = RGB(12, 232, 255)

    init(instance: EffectInstance, terminalRows: Int) throws {
        self.instance = instance
        canvasRows = max(8, min(24, terminalRows - 4))
        if case let .number(size) = try instance.value(of: "circle_size", at: 0) { circleSize = size } else { circleSize = 80 }
        let radius: Double
        if case let .number(value) = try instance.value(of: "radius", at: 0) { radius = value } else { radius = 70 }
        if case let .integer(count) = try instance.value(of: "breaths", at: 0) { breaths = count } else { breaths = 0 }
        // Fit a full breath (each circle out at `radius`, at twice its size)
        // into the canvas height, with a little margin.
        let extent = 2 * (radius + circleSize) * 1.05
        pointsPerDot = max(extent, 1) / Double(canvasRows * 4)
        channel = Dictionary(uniqueKeysWithValues: instance.effect.channels.enumerated().map { ($1.name, $0) })
        phaseLabels = instance.effect.channels.first { $0.name == "phase" }?.labels ?? []
    }

    private func value(_ name: String, _ frame: SampledFrame) -> Double {
        channel[name].map { frame.values[$0] } ?? 0
    }

    func lines(for frame: SampledFrame) throws -> [String] {
        var canvas = BrailleCanvas(columns: canvasRows * 2, rows: canvasRows)
        let turn = value("rotation", frame) * .pi / 180
        let (sine, cosine) = (sin(turn), cos(turn))
        let globals = instance.effect.channels.count
        let stride = instance.effect.elementChannels.count
        let centre = (x: Double(canvas.width) / 2, y: Double(canvas.height) / 2)
        for circle in 0..<instance.elementCount {
            let base = globals + circle * stride
            let (x, y, scale, opacity) = (frame.values[base], frame.values[base + 1], frame.values[base + 2], frame.values[base + 3])
            // SwiftUI's rotationEffect turns clockwise on screen, where y points down.
            let cx = centre.x + (x * cosine - y * sine) / pointsPerDot
            let cy = centre.y + (x * sine + y * cosine) / pointsPerDot
            let r = circleSize / 2 * scale / pointsPerDot
            // Only the canvas is drawn, so only its dots are visited.
            let top = clampedInt((cy - r - 1).rounded(.down), 0...canvas.height)
            let bottom = clampedInt((cy + r + 1).rounded(.up), top...canvas.height)
            let left = clampedInt((cx - r - 1).rounded(.down), 0...canvas.width)
            let right = clampedInt((cx + r + 1).rounded(.up), left...canvas.width)
            for dy in top..<bottom {
                for dx in left..<right {
                    let (px, py) = (Double(dx) + 0.5 - cx, Double(dy) + 0.5 - cy)
                    guard abs((px * px + py * py).squareRoot() - r) <= 0.6 else { continue }
                    // The gradient runs top-leading to bottom-trailing in the
                    // circle's own frame, which turns with the group.
                    let lx = px * cosine + py * sine
                    let ly = -px * sine + py * cosine
                    let g = max(0, min(1, (lx + ly + 2 * r) / (4 * r)))
                    let color = RGB(
                        Int(lerp(Double(Self.gradientStart.r), Double(Self.gradientEnd.r), g)),
                        Int(lerp(Double(Self.gradientStart.g), Double(Self.gradientEnd.g), g)),
                        Int(lerp(Double(Self.gradientStart.b), Double(Self.gradientEnd.b), g)))
                    canvas.paint(x: dx, y: dy, color: color, opacity: opacity)
                }
            }
        }
        var lines = canvas.lines()
        let phase = clampedInt(value("phase", frame), 0...3)
        let taken = clampedInt(value("breaths_taken", frame), 0...Int(Int32.max))
        let caption: String
        if value("finished", frame) == 1 {
            caption = "Done: \(taken) breath\(taken == 1 ? "" : "s")"
        } else {
            let label = phaseLabels.indices.contains(phase) ? Terminal.sanitize(phaseLabels[phase]) : "phase \(phase)"
            let count = breaths > 0 ? "breath \(taken + 1) of \(breaths)" : "breath \(taken + 1)"
            caption = "\(label)   ·   \(count)"
        }
        let width = canvas.columns
        lines.append("")
        lines.append(String(repeating: " ", count: max(0, (width - caption.count) / 2)) + caption)
        return lines
    }
}

private func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
