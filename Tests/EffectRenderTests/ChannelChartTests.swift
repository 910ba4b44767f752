import BundledPlugins
import EffectHost
import EffectRender
import XCTest

/// A chart of an effect's channels made through the library: the
/// breathing-circles article's phases (in 3 s, hold 1 s, out 3 s, hold 1 s)
/// as bands, and only the channels that move as series.
final class ChannelChartTests: XCTestCase {
    func testBreathingCirclesPhasesAreBandsAtTheArticlesTimes() throws {
        let instance = try bundledInstance("libBreathe.so", "breathing-circles")
        let channels = instance.effect.channels.map { ChartedChannel(channel: $0) }
        let sampled = try Chart.sampling(
            instance, channels: channels, asked: false, elementsAsked: false, fps: 10, lastFrame: 80, markers: [])
        guard case let .chart(chart) = sampled else { return XCTFail("the sampling stopped") }
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
        let instance = try bundledInstance("libBreathe.so", "breathing-circles")
        let channels = instance.effect.channels.map { ChartedChannel(channel: $0) }
        let sampled = try Chart.sampling(
            instance, channels: channels, asked: false, elementsAsked: false, fps: 10, lastFrame: 80, markers: [])
        guard case let .chart(chart) = sampled else { return XCTFail("the sampling stopped") }
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
}
