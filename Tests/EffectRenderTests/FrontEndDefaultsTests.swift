import EffectExport
import EffectHost
import EffectRender
import XCTest

/// The rates and sizes a front end takes when none is asked for, one
/// constant each in the library (issue 49: run's and the C player's 60
/// fps, and plot's 240 samples, were literals in each front end). The
/// figures are docs/cli.md's.
final class FrontEndDefaultsTests: XCTestCase {
    func testEachDefaultIsTheDocumentedOne() {
        // run --fps, and effect_host_play_options.fps 0.
        XCTAssertEqual(Player.defaultFPS, 60)
        // render --fps and --scale, and effect_host_render_options' 0s.
        XCTAssertEqual(RenderRequest.defaultFPS, 30)
        XCTAssertEqual(RenderJob.defaultScale, 2)
        // export --fps, and effect_host_export_options.fps 0.
        XCTAssertEqual(ExportSettings.defaultFPS, 60)
        // plot samples 240 times a second, a quarter of a second at least.
        XCTAssertEqual(Chart.samplesPerSecond, 240)
        XCTAssertEqual(Chart.shortestSpanSamples, 60)
        // The width offered to the view: 432 points, render's and the look's.
        XCTAssertEqual(FramePicture.defaultProposedWidth, 432)
    }
}
