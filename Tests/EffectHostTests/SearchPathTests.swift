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

    /// A file name that is not UTF-8 cannot be a String: it is named with
    /// its bytes escaped and EILSEQ's reason, not looked for under a name
    /// with U+FFFD in it ("No such file or directory").
    func testAFileNameThatIsNotUTF8IsNamedEscaped() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Fixtures.testPlugin("p.so", in: directory)
        let odd = directory + "/odd"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: false)
        let name = Array((odd + "/lib").utf8) + [0xFF, 0xC3] + Array("x.so".utf8) + [0]
        let file = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(file, 0)
        close(file)
        let path = SearchPath(entries: [.init(path: odd, origin: .explicit), .init(path: plugin, origin: .explicit)])
        let (files, failures) = path.candidates()
        XCTAssertEqual(files, [plugin])
        XCTAssertEqual(failures.map(\.path), [odd + "/lib\\xFF\\xC3x.so"])
        XCTAssertEqual(
            failures.first?.reason, "the file's name is not UTF-8 (Invalid or incomplete multibyte or wide character); rename it to load it")
        XCTAssertEqual(Terminal.escape(Array("a\u{1B}é".utf8) + [0x80]), "a\\u{1b}é\\x80")
    }
}
