import CEffect
import CEffectHost
import EffectHost
import Glibc

/// A plugin the caller holds.
final class PluginBox {
    let plugin: Plugin
    let path: UnsafePointer<CChar>
    /// Built as the handle is made, then only read: see Metadata.swift.
    let metadata: CMetadata
    private let strings = CStrings()

    init(_ plugin: Plugin) {
        self.plugin = plugin
        path = strings.keep(plugin.path)
        metadata = CMetadata(plugin)
    }
}

/// The file this library was loaded from, which places its default
/// plugins and its worker program.
let libraryImage = SearchPath.imagePath()

/// The effect-host program that runs plugin code apart from this process.
func worker() throws(Failure) -> String {
    guard let found = Worker.locate(image: libraryImage) else { throw Failure(EFFECT_HOST_ERR_MISSING, Worker.missingReason()) }
    return found
}

@_cdecl("effect_host_api_version")
public func effect_host_api_version() -> UInt32 {
    UInt32(EFFECT_HOST_API_MAJOR) << 16 | UInt32(EFFECT_HOST_API_MINOR)
}

/// Written once, never freed: the header promises static storage.
nonisolated(unsafe) private let releaseText = strdup(Version.effectHost)!

@_cdecl("effect_host_release")
public func effect_host_release() -> UnsafePointer<CChar> { UnsafePointer(releaseText) }

@_cdecl("effect_host_plugin_trusted")
public func effect_host_plugin_trusted(_ path: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<effect_error>?) -> Int32 {
    answer(error) {
        let path = try text(path, "path")
        if let problem = PluginTrust.problem(with: path) {
            throw PluginLoadFailure(path: path, reason: "refused: \(problem)", refusedAsUnsafe: true)
        }
    }
}

@_cdecl("effect_host_plugin_open")
public func effect_host_plugin_open(
    _ path: UnsafePointer<CChar>?, _ flags: UInt32, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        let path = try text(path, "path")
        let known = EFFECT_HOST_OPEN_ALLOW_UNSAFE | EFFECT_HOST_OPEN_ISOLATED
        guard flags & ~known == 0 else { throw Failure(EFFECT_ERR_RANGE, "unknown flags 0x\(String(flags & ~known, radix: 16))") }
        if flags & EFFECT_HOST_OPEN_ALLOW_UNSAFE == 0, let problem = PluginTrust.problem(with: path) {
            throw PluginLoadFailure(path: path, reason: "refused: \(problem)", refusedAsUnsafe: true)
        }
        let plugin: Plugin
        if flags & EFFECT_HOST_OPEN_ISOLATED != 0 {
            let scanned = PluginScanner(cacheFile: nil, worker: try worker()).read([path])
            plugin = try scanned[0].get().load()
        } else {
            plugin = try Plugin.load(path: path)
        }
        return PluginBox(plugin)
    }
}

@_cdecl("effect_host_plugin_table")
public func effect_host_plugin_table(_ plugin: OpaquePointer?) -> UnsafePointer<effect_plugin_api>? {
    guard let box: PluginBox = try? object(plugin, "plugin") else { return nil }
    return box.plugin.table
}

@_cdecl("effect_host_plugin_path")
public func effect_host_plugin_path(_ plugin: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let box: PluginBox = try? object(plugin, "plugin") else { return nil }
    return box.path
}

@_cdecl("effect_host_plugin_free")
public func effect_host_plugin_free(_ plugin: OpaquePointer?) {
    release(plugin, as: PluginBox.self)
}
