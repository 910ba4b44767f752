import BundledPlugins
import EffectExport
import EffectHost
import XCTest

/// The sampled scene's tree follows the groups as DisplayListWalk nests
/// them, in a list a host built too: an end that closes nothing is passed
/// over, and a group the list leaves open holds what follows it.
final class SampledSceneNestingTests: XCTestCase {
    func testAStrayEndAndAGroupLeftOpenMakeOneTree() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let dot = DrawItem.shape(DrawShape(id: 5, kind: .ellipse, frame: DrawRect(x: 0, y: 0, width: 4, height: 4), fill: .color(0xFF)))
        let items: [DrawItem] = [.endGroup(id: 9), .group(DrawGroup(id: 1)), .group(DrawGroup(id: 2)), .endGroup(id: 2), dot]
        let scene = try SampledScene(instance, fps: 10, lastEvent: 0) { _ in
            DisplayList(width: 4, height: 4, bounds: DrawRect(x: 0, y: 0, width: 4, height: 4), items: items)
        }
        // Group 1 at the top, holding group 2 and, after it, the dot; at each of the 5 samples (0 to 0.32 s).
        XCTAssertEqual(scene.roots.map(\.id), [1])
        XCTAssertEqual(scene.roots[0].children.map(\.id), [2, 5])
        XCTAssertEqual(scene.roots[0].children.map(\.kind), [.group, .shape])
        XCTAssertEqual(scene.roots[0].children[1].present, Array(repeating: dot, count: 5))
    }
}
