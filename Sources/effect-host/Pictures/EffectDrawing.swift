import EffectHost

/// How one effect looks in a picture: a fixed canvas, and the SVG body of
/// each frame, drawn from the plugin's own samples only.
protocol EffectDrawing {
    var width: Double { get }
    var height: Double { get }
    /// SVG body for one frame (inside the document element).
    func draw(_ frame: FrameValues) throws -> String
}

/// The font stack pictures use: the system's sans-serif, as SwiftUI's
/// `.system` font is, wherever the picture is opened.
let systemFontFamily = "-apple-system, system-ui, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, sans-serif"

/// The bundled effects drawn as their seed components look; any other
/// effect as a panel of its channels.
/// `eventTimes` are the moments params change, for canvases that must fit
/// every state.
func makeDrawing(for instance: EffectInstance, containerWidth: Double, eventTimes: [Double]) throws -> EffectDrawing {
    switch instance.effect.id {
    case "strikethrough-reveal": try StrikeDrawing(instance: instance)
    case "tracking-breathe": try TrackingBreatheDrawing(instance: instance, eventTimes: eventTimes)
    case "breathing-circles": try BreathingCirclesDrawing(instance: instance)
    case "text-reveal": try TextRevealDrawing(instance: instance, containerWidth: containerWidth)
    default: ChannelPanelDrawing(instance: instance)
    }
}

extension EffectInstance {
    /// A number param's value at t, or `fallback` if it is not a number.
    func number(_ name: String, at t: Double, or fallback: Double) throws -> Double {
        if case let .number(x) = try value(of: name, at: t) { return x }
        return fallback
    }

    /// A colour param's value at t as RGBA, or `fallback`.
    func color(_ name: String, at t: Double, or fallback: UInt32) throws -> UInt32 {
        if case let .color(rgba) = try value(of: name, at: t) { return rgba }
        return fallback
    }
}
