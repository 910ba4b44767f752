import CEffect
import CEffectHost
import EffectHost
import Glibc
import MetadataRules

/// The plugins found on a search path, and the files that failed.
final class CatalogBox {
    let catalog: PluginCatalog
    /// (id, path) of every effect, the first on the path for each id.
    let effects: [(id: UnsafePointer<CChar>, path: UnsafePointer<CChar>)]
    let plugins: [UnsafePointer<CChar>]
    let failures: [(line: UnsafePointer<CChar>, path: UnsafePointer<CChar>)]
    /// Every entry of the search path, in order, as searched.
    let searched: [UnsafePointer<CChar>]
    private let strings = CStrings()

    init(_ catalog: PluginCatalog, searchPath: SearchPath) {
        self.catalog = catalog
        let strings = self.strings
        searched = searchPath.entries.map { strings.keep($0.path) }
        effects = catalog.effectIDs.compactMap { id in
            catalog.effect(id: id).map { (strings.keep(id), strings.keep($0.plugin.path)) }
        }
        plugins = catalog.plugins.map { strings.keep($0.path) }
        failures = catalog.failures.map { (strings.keep(ErrorText.oneLine($0.description)), strings.keep($0.path)) }
    }
}

@_cdecl("effect_host_catalog_open")
public func effect_host_catalog_open(
    _ options: UnsafePointer<effect_host_catalog_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        var defaults = effect_host_catalog_options()
        defaults.struct_size = UInt32(MemoryLayout<effect_host_catalog_options>.size)
        let given = try EffectHostAPI.options(options, defaults: defaults, named: "effect_host_catalog_options")
        guard given.flags & ~(EFFECT_HOST_OPEN_ALLOW_UNSAFE | EFFECT_HOST_CATALOG_NO_DEFAULTS) == 0 else {
            throw Failure(EFFECT_ERR_RANGE, "a catalog takes EFFECT_HOST_OPEN_ALLOW_UNSAFE and EFFECT_HOST_CATALOG_NO_DEFAULTS as flags")
        }
        guard given.path_count == 0 || given.paths != nil else { throw Failure.null("paths") }
        let paths = try (0..<Int(given.path_count)).map { index throws(Failure) in
            try text(given.paths![index], "paths[\(index)]")
        }
        let environment = given.use_environment != 0 ? getenv("EFFECT_PLUGIN_PATH").map { String(cString: $0) } : nil
        let besideLibrary = given.flags & EFFECT_HOST_CATALOG_NO_DEFAULTS == 0 ? libraryImage : nil
        let searchPath =
            besideLibrary.map { SearchPath.standard(explicit: paths, environment: environment, library: $0) }
            ?? SearchPath.standard(explicit: paths, environment: environment, executable: nil)
        // Without it every file would fail, or pass only as far as a warm cache reaches.
        let worker = try worker()
        let scanner = PluginScanner(cacheFile: ScanCache.standardPath(), worker: worker)
        let catalog = PluginCatalog(searchPath: searchPath, allowUnsafe: given.flags & EFFECT_HOST_OPEN_ALLOW_UNSAFE != 0) {
            scanner.read($0)
        }
        return CatalogBox(catalog, searchPath: searchPath)
    }
}

@_cdecl("effect_host_catalog_effect_count")
public func effect_host_catalog_effect_count(_ catalog: OpaquePointer?) -> UInt32 {
    guard let box: CatalogBox = try? object(catalog, "catalog") else { return 0 }
    return UInt32(box.effects.count)
}

@_cdecl("effect_host_catalog_effect_id")
public func effect_host_catalog_effect_id(_ catalog: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar>? {
    guard let box: CatalogBox = try? object(catalog, "catalog"), Int(index) < box.effects.count else { return nil }
    return box.effects[Int(index)].id
}

@_cdecl("effect_host_catalog_effect_path")
public func effect_host_catalog_effect_path(_ catalog: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar>? {
    guard let box: CatalogBox = try? object(catalog, "catalog"), Int(index) < box.effects.count else { return nil }
    return box.effects[Int(index)].path
}

@_cdecl("effect_host_catalog_searched_count")
public func effect_host_catalog_searched_count(_ catalog: OpaquePointer?) -> UInt32 {
    guard let box: CatalogBox = try? object(catalog, "catalog") else { return 0 }
    return UInt32(box.searched.count)
}

@_cdecl("effect_host_catalog_searched")
public func effect_host_catalog_searched(_ catalog: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar>? {
    guard let box: CatalogBox = try? object(catalog, "catalog"), Int(index) < box.searched.count else { return nil }
    return box.searched[Int(index)]
}

@_cdecl("effect_host_catalog_plugin_count")
public func effect_host_catalog_plugin_count(_ catalog: OpaquePointer?) -> UInt32 {
    guard let box: CatalogBox = try? object(catalog, "catalog") else { return 0 }
    return UInt32(box.plugins.count)
}

@_cdecl("effect_host_catalog_plugin_path")
public func effect_host_catalog_plugin_path(_ catalog: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar>? {
    guard let box: CatalogBox = try? object(catalog, "catalog"), Int(index) < box.plugins.count else { return nil }
    return box.plugins[Int(index)]
}

@_cdecl("effect_host_catalog_failure_count")
public func effect_host_catalog_failure_count(_ catalog: OpaquePointer?) -> UInt32 {
    guard let box: CatalogBox = try? object(catalog, "catalog") else { return 0 }
    return UInt32(box.failures.count)
}

@_cdecl("effect_host_catalog_failure")
public func effect_host_catalog_failure(_ catalog: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar>? {
    guard let box: CatalogBox = try? object(catalog, "catalog"), Int(index) < box.failures.count else { return nil }
    return box.failures[Int(index)].line
}

@_cdecl("effect_host_catalog_failure_path")
public func effect_host_catalog_failure_path(_ catalog: OpaquePointer?, _ index: UInt32) -> UnsafePointer<CChar>? {
    guard let box: CatalogBox = try? object(catalog, "catalog"), Int(index) < box.failures.count else { return nil }
    return box.failures[Int(index)].path
}

@_cdecl("effect_host_catalog_load")
public func effect_host_catalog_load(
    _ catalog: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        let box: CatalogBox = try object(catalog, "catalog")
        let id = try text(id, "effect_id")
        guard let (record, _) = box.catalog.effect(id: id) else {
            let ids = box.catalog.effectIDs
            let hint = ids.isEmpty ? ": no plugins were found" : didYouMean(id, among: ids)
            throw Failure(EFFECT_ERR_UNKNOWN_EFFECT, "unknown effect '\(id)'\(hint)")
        }
        return PluginBox(try record.load())
    }
}

@_cdecl("effect_host_catalog_free")
public func effect_host_catalog_free(_ catalog: OpaquePointer?) {
    release(catalog, as: CatalogBox.self)
}
