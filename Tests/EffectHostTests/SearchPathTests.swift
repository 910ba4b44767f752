import EffectHost
import Foundation
import XCTest

final class SearchPathTests: XCTestCase {
    func testOrderAndDefaults() {
        let path = SearchPath.standard(
            explicit: ["/a", "/b/x.so"], environment: "/c::/d:", executable: "/opt/effect/bin/effect-host")
        XCTAssertEqual(path.entries.map(\.path), ["/a", "/b/x.so", "/c", "/d", "/opt/effect/bin", "/opt/effect/lib/effect-host/plugins"])
        XCTAssertEqual(path.entries.map(\.origin), [.explicit, .explicit, .environment, .environment, .default, .default])
    }

    func testBuildDirectoryHasNoPrefixDirectory() {
        let path = SearchPath.standard(explicit: [], environment: nil, executable: "/src/.build/debug/effect-host")
        XCTAssertEqual(path.entries.map(\.path), ["/src/.build/debug"])
    }

    /// An empty EFFECT_PLUGIN_PATH item is not read as the current directory.
    func testCurrentDirectoryIsNeverSearchedImplicitly() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        try Fixtures.testPlugin("here.so", in: directory)
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(directory)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let path = SearchPath.standard(explicit: [], environment: ":", executable: "/nonexistent/bin/effect-host")
        let (files, failures) = path.candidates()
        XCTAssertEqual(files, [])
        XCTAssertEqual(failures.count, 0)
    }

    func testMissingExplicitEntriesAreReportedAndDuplicatesCollapse() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Fixtures.testPlugin("p.so", in: directory)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.so", withDestinationPath: plugin)
        let path = SearchPath(entries: [
            .init(path: directory, origin: .explicit), .init(path: plugin, origin: .environment),
            .init(path: "/nonexistent/dir", origin: .environment), .init(path: "/also/missing", origin: .default),
        ])
        let (files, failures) = path.candidates()
        XCTAssertEqual(files, [directory + "/link.so"])
        XCTAssertEqual(failures.map(\.path), ["/nonexistent/dir"])
        XCTAssertEqual(failures.first?.reason, "No such file or directory")
        XCTAssertEqual(failures.first?.origin, .environment)
    }
}
