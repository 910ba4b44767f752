import BundledPlugins
import EffectHost
import EffectRender
import XCTest

/// A chart of an effect's channels made through the library: the
/// breathing-circles article's phases (in 3 s, hold 1 s, out 3 s, hold 1 s)
/// as bands, and only the channels that move as series.
final class ChannelChartTests: XCTestCase {
    func testBreathingCirclesPhasesAreBandsAtTheArticlesTimes() throws {
        let chart = try breathingChart()
        XCTAssertEqual(chart.times.count, 81)
        let phases = try XCTUnwrap(chart.bands.first { $0.channel == "phase" }?.bands)
        XCTAssertEqual(phases.map(\.label), ["Breathe in", "Hold", "Breathe out", "Hold"])
        XCTAssertEqual(phases.map(\.start), [0, 3, 4, 7])
        XCTAssertEqual(phases.last?.end, 8)
        // Expansion and rotation swing; the breath counter reaches 1 at 8 s; "finished" holds still
        // (a labelled discrete channel that never changes marks no phases and draws no line).
        XCTAssertEqual(chart.series.map(\.name), ["expansion", "rotation", "breaths_taken"])
        XCTAssertEqual(chart.series[2].values.last, 1)
        XCTAssertNil(chart.bands.first { $0.channel == "finished" })
        XCTAssertFalse(chart.series.contains { $0.name == "finished" })
    }

    /// A phase's name is never struck through by a grid line: no line runs
    /// from 10 above its baseline to 3 below (a 10-point label's letters).
    func testPhaseLabelsSitClearOfTheGrid() throws {
        let chart = try breathingChart()
        let svg = chart.svg()
        let labels = svg.matches(of: /<text x="[0-9.]+" y="([0-9.]+)"[^>]*font-size="10"[^>]*>(Breathe in|Hold|Breathe out)</).map {
            Double($0.output.1)!
        }
        let grid = svg.matches(of: /<line x1="[0-9.]+" x2="[0-9.]+" y1="([0-9.]+)" y2="[0-9.]+" stroke="#eeeeee"/).map { Double($0.output.1)! }
        XCTAssertEqual(labels.count, 4, "one label a phase")
        XCTAssertFalse(grid.isEmpty)
        for label in labels {
            XCTAssertFalse(grid.contains { $0 > label - 10 && $0 < label + 3 }, "a grid line through the label at y = \(label): \(grid)")
        }
    }

    /// A curve passing a phase's name runs under it: the name is drawn after
    /// the series, on a ground that covers its letters (a rect in pixels, a
    /// halo stroked under the letters in SVG).
    func testPhaseLabelsSitOnAGroundOverTheCurves() throws {
        let chart = try breathingChart()
        let svg = chart.svg()
        let firstSeries = try XCTUnwrap(svg.range(of: "class=\"series\""))
        let labels = svg.matches(of: /<text [^>]*font-size="10"[^>]*>(Breathe in|Hold|Breathe out)</)
        XCTAssertEqual(labels.count, 4)
        for label in labels {
            XCTAssertGreaterThan(label.range.lowerBound, firstSeries.lowerBound, "\(label.output.1) is drawn before the curves")
            XCTAssertTrue(svg[label.range].contains("paint-order=\"stroke\""), "\(label.output.1) has no halo")
        }
        let items = chart.displayList(fonts: nil).items
        let firstCurve = try XCTUnwrap(items.firstIndex { if case let .shape(shape) = $0 { shape.stroke?.width == 1.6 } else { false } })
        var grounded = 0
        for (index, item) in items.enumerated() {
            guard case let .text(text) = item, ["Breathe in", "Hold", "Breathe out"].contains(text.text) else { continue }
            XCTAssertGreaterThan(index, firstCurve, "\(text.text) is drawn before the curves")
            guard index > 0, case let .shape(ground) = items[index - 1], case let .color(color)? = ground.fill else {
                XCTFail("\(text.text) has no ground under it")
                continue
            }
            XCTAssertEqual(color >> 8, 0xFFFFFF, "a white ground")
            XCTAssertLessThan(color & 0xFF, 0xFF, "through which the panel's band shows")
            XCTAssertLessThanOrEqual(ground.frame.x, text.x)
            XCTAssertLessThanOrEqual(ground.frame.y, text.y - 0.75 * text.size, "the ground covers the letters' height")
            XCTAssertGreaterThanOrEqual(ground.frame.y + ground.frame.height, text.y, "and reaches their baseline")
            grounded += 1
        }
        XCTAssertEqual(grounded, 4)
    }

    /// breathing-circles' every channel over its 8 s breath, at 10 frames a second.
    private func breathingChart() throws -> Chart {
        let instance = try bundledInstance("libBreathe.so", "breathing-circles")
        let channels = instance.effect.channels.map { ChartedChannel(channel: $0) }
        let sampled = try Chart.sampling(
            instance, channels: channels, asked: false, elementsAsked: false, fps: 10, lastFrame: 80, markers: [])
        guard case let .chart(chart) = sampled else { throw SamplingStopped() }
        return chart
    }
}

/// A chart's sampling that ended before its last frame fails the test.
private struct SamplingStopped: Error {}
