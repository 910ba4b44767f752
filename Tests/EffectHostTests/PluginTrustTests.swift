import EffectHost
import Foundation
import XCTest

/// Plugin files that others could have written are refused, as ssh refuses
/// key files: with the reason, and an explicit flag to load them anyway.
final class PluginTrustTests: XCTestCase {
    private func host(_ arguments: [String]) throws -> TestEnvironment.Result {
        try TestEnvironment.run(TestEnvironment.effectHost, arguments)
    }

    private func pluginDirectory() throws -> (directory: String, plugin: String) {
        let directory = try TestEnvironment.temporaryDirectory(self) + "/plugins"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(directory, 0o755), 0)
        let plugin = try Fixtures.testPlugin("ramp.so", in: directory)
        XCTAssertEqual(chmod(plugin, 0o755), 0)
        return (directory, plugin)
    }

    func testASafePluginLoads() throws {
        let (directory, plugin) = try pluginDirectory()
        XCTAssertNil(PluginTrust.problem(with: plugin))
        let result = try host(["info", "test-ramp", "--plugin-path", directory])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The group nobody belongs to (65534 on Debian), which is no one's private group.
    private static let sharedGroup: gid_t = 65534

    func testWritableDirectoryOrFileIsRefusedUnlessAllowed() throws {
        let (directory, plugin) = try pluginDirectory()
        var cases: [(String, mode_t, String)] = [(directory, 0o777, "everyone"), (plugin, 0o666, "everyone")]
        // Group write counts when the group is shared; changing a
        // directory's group to one the user is not in needs root.
        if geteuid() == 0 { cases.append((directory, 0o775, "its group")) }
        XCTAssertEqual(chown(directory, geteuid(), geteuid() == 0 ? Self.sharedGroup : getegid()), 0)
        for (path, mode, who) in cases {
            XCTAssertEqual(chmod(path, mode), 0)
            defer { chmod(path, 0o755) }
            let kind = path == plugin ? "file" : "directory"
            let reason = "refused: the \(kind) \(path) can be written by \(who) (mode 0\(String(mode, radix: 8)))"
            XCTAssertTrue(PluginTrust.problem(with: plugin)?.hasPrefix(String(reason.dropFirst("refused: ".count))) == true)
            let list = try host(["list", "--plugin-path", directory])
            XCTAssertEqual(list.status, 0, list.stderr)
            XCTAssertTrue(list.stdout.contains(plugin + ": " + reason), list.stdout)
            XCTAssertTrue(list.stdout.contains("--allow-unsafe-plugins"), list.stdout)
            let run = try host(["run", "test-ramp", "--offline", "--plugin-path", directory])
            XCTAssertEqual(run.status, 2, "the effect is not there: \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("warning: skipped " + plugin + ": " + reason), run.stderr)
            let allowed = try host(["run", "test-ramp", "--offline", "--plugin-path", directory, "--allow-unsafe-plugins"])
            XCTAssertEqual(allowed.status, 0, allowed.stderr)
            let validate = try host(["validate", plugin])
            XCTAssertEqual(validate.status, 1)
            XCTAssertTrue(validate.stdout.contains("fail   load           " + reason), validate.stdout)
        }
    }

    /// With umask 002 every directory is group-writable; that is safe when
    /// the group is the user's private one (named after them, no other
    /// member), and refused for any other group.
    func testGroupWriteIsAllowedOnlyThroughTheUsersPrivateGroup() throws {
        let (directory, plugin) = try pluginDirectory()
        XCTAssertEqual(chmod(directory, 0o775), 0)
        XCTAssertEqual(chmod(plugin, 0o775), 0)
        let user = try XCTUnwrap(getpwuid(geteuid())?.pointee)
        let primary = try XCTUnwrap(getgrgid(user.pw_gid)?.pointee)
        var members: [String] = []
        var member = primary.gr_mem
        while let name = member?.pointee { members.append(String(cString: name)); member = member! + 1 }
        let isPrivate = String(cString: primary.gr_name) == String(cString: user.pw_name)
            && members.allSatisfy { $0 == String(cString: user.pw_name) }
        XCTAssertEqual(chown(directory, geteuid(), user.pw_gid), 0)
        XCTAssertEqual(chown(plugin, geteuid(), user.pw_gid), 0)
        if isPrivate {
            XCTAssertNil(PluginTrust.problem(with: plugin))
            let run = try host(["run", "test-ramp", "--offline", "--plugin-path", directory])
            XCTAssertEqual(run.status, 0, run.stderr)
        } else {
            XCTAssertNotNil(PluginTrust.problem(with: plugin), "\(String(cString: primary.gr_name)) is shared")
        }
        guard geteuid() == 0 else { return }
        XCTAssertEqual(chown(directory, 0, Self.sharedGroup), 0)
        XCTAssertEqual(
            PluginTrust.problem(with: plugin),
            "the directory \(PluginTrust.realPath(directory) ?? directory) can be written by its group (mode 0775), so someone else could put code in it; "
                + "fix with chmod go-w \(PluginTrust.realPath(directory) ?? directory)")
    }

    /// A symlink is judged by where it leads, and reported resolved.
    func testSymlinksAreJudgedAtTheirTargetAndShownResolved() throws {
        let (directory, plugin) = try pluginDirectory()
        let links = try TestEnvironment.temporaryDirectory(self) + "/links"
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(links, 0o755), 0)
        XCTAssertEqual(symlink(plugin, links + "/ramp.so"), 0)
        let list = try host(["list", "--plugin-path", links])
        XCTAssertTrue(list.stdout.contains(links + "/ramp.so"), list.stdout)
        XCTAssertTrue(list.stdout.contains("(resolves to \(PluginTrust.realPath(plugin) ?? plugin))"), list.stdout)
        XCTAssertEqual(chmod(directory, 0o777), 0)
        defer { chmod(directory, 0o755) }
        let refused = try host(["list", "--plugin-path", links])
        XCTAssertTrue(refused.stdout.contains("refused: the directory \(PluginTrust.realPath(directory) ?? directory) can be written by everyone"), refused.stdout)
    }

    func testAnotherUsersPluginIsRefused() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a file to another user needs root") }
        let (_, plugin) = try pluginDirectory()
        XCTAssertEqual(chown(plugin, 65534, 65534), 0)
        XCTAssertEqual(PluginTrust.problem(with: plugin), "the file \(PluginTrust.realPath(plugin) ?? plugin) belongs to another user (uid 65534), who could put code in it")
    }

    /// Every link of a symlink chain and every directory above the plugin
    /// counts: a world-writable directory anywhere on the way is refused.
    func testEveryDirectoryOnTheWayCounts() throws {
        let root = try TestEnvironment.temporaryDirectory(self)
        let (safe, open, target) = (root + "/safe", root + "/open", root + "/target")
        for directory in [safe, open, target, open + "/sub"] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            XCTAssertEqual(chmod(directory, 0o755), 0)
        }
        let plugin = try Fixtures.testPlugin("ramp.so", in: target)
        try Fixtures.testPlugin("ramp.so", in: open + "/sub")
        XCTAssertEqual(symlink("../target/ramp.so", open + "/middle.so"), 0)
        XCTAssertEqual(symlink("../open/middle.so", safe + "/first.so"), 0)
        XCTAssertNil(PluginTrust.problem(with: safe + "/first.so"))
        XCTAssertNil(PluginTrust.problem(with: plugin))
        XCTAssertEqual(chmod(open, 0o777), 0)
        defer { chmod(open, 0o755) }
        let reason = "the directory \(open) can be written by everyone (mode 0777)"
        // The middle link sits in the open directory: whoever can write there can re-point it.
        XCTAssertTrue(PluginTrust.problem(with: safe + "/first.so")?.hasPrefix(reason) == true)
        // A safe directory under an open one is no safer than its parent.
        XCTAssertTrue(PluginTrust.problem(with: open + "/sub/ramp.so")?.hasPrefix(reason) == true)
        XCTAssertTrue(PluginTrust.problem(with: open + "/sub/../sub/ramp.so")?.hasPrefix(reason) == true)
        XCTAssertNil(PluginTrust.problem(with: plugin), "the target itself is still fine")
    }
}
