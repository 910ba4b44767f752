import BundledPlugins
import EffectHost
import EffectRender
import XCTest

/// An effect's picture on a terminal's cells, as the live view draws it.
final class CellPictureTests: XCTestCase {
    /// The picture's rows with colour escapes taken out.
    private func rows(_ instance: EffectInstance, columns: Int, rows: Int, at t: Double) throws -> [String] {
        var picture = try XCTUnwrap(
            CellPicture(
                instance: instance, columns: columns, rows: rows, depth: .none, ground: RGB(0, 0, 0), paintsGround: false,
                appearance: .light))
        return try picture.lines(at: t).map(plainCells)
    }

    /// At 20 × 6 the strike's text wraps to two rows, laid out a cell apart
    /// and centred on the line between cell rows: each keeps a row of its
    /// own, where a rounding once put both on one and the second overwrote the first.
    func testTheStrikesWrappedRowsKeepARowEachInATinyTerminal() throws {
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let lines = try rows(strike, columns: 20, rows: 6, at: 1)
        let ship = try XCTUnwrap(lines.firstIndex { $0.contains("Ship the") }, "\(lines)")
        let component = try XCTUnwrap(lines.firstIndex { $0.contains("component") }, "\(lines)")
        XCTAssertEqual(component, ship + 1, "\(lines)")
    }
}
