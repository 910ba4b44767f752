import EffectHost
import Foundation
import XCTest

/// Where a program that loads the host as a library (libeffecthost.so)
/// finds its plugins and its worker: beside the library, not beside the
/// program.
final class HostLibraryPlacesTests: XCTestCase {
    func testAnInstalledLibraryLooksInItsPrefixsPluginDirectory() {
        let path = SearchPath.standard(explicit: ["/a"], environment: "/b", library: "/opt/eh/lib/libeffecthost.so")
        XCTAssertEqual(path.entries.map(\.path), ["/a", "/b", "/opt/eh/lib/effect-host/plugins"])
        XCTAssertEqual(path.entries.map(\.origin), [.explicit, .environment, .default])
        let multiarch = SearchPath.standard(explicit: [], environment: nil, library: "/usr/lib/x86_64-linux-gnu/libeffecthost.so")
        XCTAssertEqual(multiarch.entries.map(\.path), ["/usr/lib/x86_64-linux-gnu/effect-host/plugins"])
    }

    func testABuildDirectorysLibraryLooksBesideItself() {
        let path = SearchPath.standard(explicit: [], environment: nil, library: "/src/.build/debug/libeffecthost.so")
        XCTAssertEqual(path.entries.map(\.path), ["/src/.build/debug"])
    }

    /// swift build puts the host library beside the plugins: a directory's
    /// listing leaves it out, but a path that names it is tried.
    func testTheHostLibraryIsNoCandidateInADirectory() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Fixtures.testPlugin("libA.so", in: directory)
        let library = directory + "/" + SearchPath.hostLibraryName
        XCTAssertTrue(FileManager.default.createFile(atPath: library, contents: Data([0x7F])))
        let listed = SearchPath(entries: [.init(path: directory, origin: .default)]).candidates()
        XCTAssertEqual(listed.files, [plugin])
        let named = SearchPath(entries: [.init(path: library, origin: .explicit)]).candidates()
        XCTAssertEqual(named.files, [library])
    }

    func testTheWorkerIsFoundInTheBinBesideTheLibrarysLib() throws {
        let prefix = try TestEnvironment.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/lib", withIntermediateDirectories: true)
        let worker = prefix + "/bin/effect-host"
        XCTAssertTrue(FileManager.default.createFile(atPath: worker, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        XCTAssertEqual(Worker.locate(environment: ["PATH": ""], image: prefix + "/lib/libeffecthost.so"), worker)
        XCTAssertNil(Worker.locate(environment: ["PATH": ""], image: prefix + "/elsewhere/libeffecthost.so"))
    }

    /// The image this code runs from is the test bundle's executable here
    /// (the libraries are linked into it), read from /proc/self/maps.
    func testTheImagePathIsTheFileThisCodeWasLoadedFrom() throws {
        let image = try XCTUnwrap(SearchPath.imagePath())
        XCTAssertTrue(image.hasPrefix("/"), image)
        XCTAssertTrue(FileManager.default.fileExists(atPath: image), image)
        XCTAssertEqual(image, SearchPath.executablePath())
    }
}
