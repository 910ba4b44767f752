import EffectHost
import EffectRender
import Foundation
import ReferenceMath
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SVG chart of an effect's channels (`Chart.sampling`, as `plot` makes
/// it, at plot's 240 samples a second): the strike's curve is the seed's,
/// with SwiftUI's merge where an event retracts it and the event marked,
/// and the breathing circles' phases are bands at the article's times.
/// Moved from EffectHostTests' RenderTests, which started `effect-host
/// plot` for them; its flags and refusals stay there.
final class PlotChartTests: XCTestCase, SVGReading {
    private let samplesPerSecond = 240.0

    private struct Panel {
        let t0, t1, x, width, y, height, min, max: Double
        let element: XMLElement

        func point(_ pair: Substring) -> (t: Double, value: Double) {
            let xy = pair.split(separator: ",").map { Double($0) ?? .nan }
            return (t0 + (xy[0] - x) / width * (t1 - t0), min + (1 - (xy[1] - y) / height) * (max - min))
        }
    }

    private func panels(_ document: XMLDocument) throws -> [String: Panel] {
        var found: [String: Panel] = [:]
        for node in try elements(document, "g") where attr(node, "class") == "panel" {
            func value(_ name: String) -> Double { Double(attr(node, name) ?? "") ?? .nan }
            let channel = attr(node, "data-channel") ?? ""
            found[channel] = Panel(
                t0: value("data-t0"), t1: value("data-t1"), x: value("data-x"), width: value("data-width"),
                y: value("data-y"), height: value("data-height"), min: value("data-min"), max: value("data-max"),
                element: node)
        }
        return found
    }

    /// The global channels `names` (nil: every one) of `instance` charted over its frames at 240 a
    /// second (`duration`, or the effect's own span), parsed.
    private func chart(
        _ instance: EffectInstance, channels names: [String]? = nil, duration: Double? = nil, lastEvent: Double = 0, markers: [Chart.Marker] = []
    ) throws -> XMLDocument {
        let last = try RunLength.lastFrame(
            of: instance, fps: samplesPerSecond, duration: duration, lastEvent: lastEvent, limit: RunLength.maxFrames)
        let channels = instance.effect.channels.filter { names?.contains($0.name) ?? true }.map { ChartedChannel(channel: $0) }
        let sampled = try Chart.sampling(
            instance, channels: channels, asked: names != nil, elementsAsked: false, fps: samplesPerSecond, lastFrame: last, markers: markers)
        guard case let .chart(chart) = sampled else {
            XCTFail("the sampling stopped")
            throw CocoaError(.userCancelled)
        }
        return try XMLDocument(xmlString: chart.svg(), options: [])
    }

    func testPlotOfStrikeIsTheSeedCurveWithTheEventMarked() throws {
        let plugin = try Plugin.load(path: LibraryRender.pluginPath("strikethrough-reveal"))
        let effect = try XCTUnwrap(plugin.effect(id: "strikethrough-reveal"))
        var recipe = InstanceRecipe(plugin: plugin, effect: effect, params: [])
        recipe.record("done", .bool(false), at: 0.2)
        let document = try chart(
            recipe.make(), duration: 0.8, lastEvent: recipe.lastEvent, markers: [Chart.Marker(t: 0.2, label: "done=false")])
        let panels = try panels(document)
        XCTAssertEqual(Set(panels.keys), ["amount", "line_width", "text_opacity", "saturation", "scale", "tick_trim"])
        let amount = try XCTUnwrap(panels["amount"])
        let line = try XCTUnwrap(try elements(document, "polyline").first { attr($0, "data-series") == "amount" })
        let points = try XCTUnwrap(attr(line, "points")).split(separator: " ")
        XCTAssertEqual(points.count, 193, "240 a second over 0.8 s")
        let span = amount.max - amount.min
        for pair in points {
            let (t, value) = amount.point(pair)
            // SwiftUI's merge: the retract at 0.2 s blends from the strike's live value.
            let strike = Reference.easeInOut(t / 0.32)
            let expected = t < 0.2 ? strike : strike + Reference.easeInOut((t - 0.2) / 0.32) * (0 - strike)
            XCTAssertEqual(value, expected, accuracy: span * 2e-5, "t = \(t)")
        }
        let markers = try elements(document, "line").filter { attr($0, "class") == "event" }
        XCTAssertEqual(markers.count, 6, "one per panel")
        let markerX = try number(markers.first, "x1")
        XCTAssertEqual(amount.t0 + (markerX - amount.x) / amount.width * (amount.t1 - amount.t0), 0.2, accuracy: 1e-5)
        XCTAssertTrue(try elements(document, "text").contains { $0.stringValue == "done=false" })
        XCTAssertTrue(try elements(document, "text").contains { $0.stringValue == "amount" }, "legend")
        // Time ticks every 0.1 s, each labelled under its mark.
        let texts = try elements(document, "text").compactMap(\.stringValue)
        for label in ["0", "0.1", "0.4", "0.8", "t (s)"] { XCTAssertTrue(texts.contains(label), label) }
    }

    func testPlotOfBreathingCirclesHasPhaseBands() throws {
        let document = try chart(LibraryRender.instance("breathing-circles"))
        let panels = try panels(document)
        XCTAssertTrue(panels.keys.contains("expansion"))
        XCTAssertFalse(panels.keys.contains("phase"), "phases are bands, not a line")
        let expansion = try XCTUnwrap(panels["expansion"])
        let bands = try elements(document, "rect").filter {
            attr($0, "class") == "band" && $0.parent === expansion.element
        }
        // One period: breathe in 0–3 s, hold 3–4, breathe out 4–7, hold 7–8.
        XCTAssertEqual(bands.count, 4)
        let edges = try bands.map { band in
            let x = try number(band, "x")
            return expansion.t0 + (x - expansion.x) / expansion.width * (expansion.t1 - expansion.t0)
        }
        for (edge, expected) in zip(edges, [0.0, 3, 4, 7]) { XCTAssertEqual(edge, expected, accuracy: 1e-4) }
        let labels = try elements(document, "text").map(\.stringValue)
        XCTAssertTrue(labels.contains("Breathe in") && labels.contains("Breathe out") && labels.contains("Hold"))
    }

    /// The chart's ticks are whole multiples of a 1, 2 or 5 step, written
    /// with the step's decimals: strike's 0.32 s at a 0.05 s step. Moved
    /// from EffectHostTests' HumanTextTests, which keeps plot's line.
    func testPlotTicksAreRoundNumbers() throws {
        let svg = try chart(LibraryRender.instance("strikethrough-reveal"), channels: ["amount"]).xmlString
        let middle = svg.matches(of: /text-anchor="middle"[^>]*>([^<]*)</).map { String($0.1) }
        XCTAssertEqual(middle, ["0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3", "amount", "t (s)"], "the time ticks, then the labels")
        let end = svg.matches(of: /text-anchor="end"[^>]*>([^<]*)</).map { String($0.1) }
        XCTAssertEqual(end, ["0", "0.5", "1"], "amount runs 0...1")
    }
}
