import CEffect
import Glibc
import MetadataRules

/// A loaded plugin library: its metadata, read and checked once, and the
/// table its effects are driven through.
///
/// Libraries stay loaded for the life of the process: strings and code a
/// plugin handed out must outlive every use, and Swift-built libraries
/// cannot be reliably unloaded anyway.
public final class Plugin: @unchecked Sendable {
    /// The path the plugin was loaded from, as found on the search path.
    public let path: String
    /// The same file with symlinks resolved.
    public let resolvedPath: String
    public let info: PluginDescription
    public let effects: [EffectDescription]
    let api: UnsafePointer<effect_plugin_api>

    /// The plugin's raw table, for tools that test the ABI itself (such as
    /// `effect-host validate`); ordinary hosts use the Swift API.
    public var table: UnsafePointer<effect_plugin_api> { api }

    /// dlopens `path` (RTLD_NOW | RTLD_LOCAL), checks its ABI version and
    /// reads all its metadata. A plugin that fails any step is reported with
    /// its path and the reason, and nothing of it is used.
    public static func load(path: String) throws(PluginLoadFailure) -> Plugin {
        let (resolved, api, _, minor) = try openTable(path: path)
        let major = api.pointee.abi_major
        func fail(_ reason: String) -> PluginLoadFailure { PluginLoadFailure(path: path, reason: reason) }
        let info: (description: PluginDescription, count: UInt32)
        let effects: [EffectDescription]
        do {
            let reader = MetadataReader(api: api)
            info = try reader.pluginInfo(abiMajor: major, abiMinor: api.pointee.abi_minor)
            effects = try reader.effects(count: info.count)
        } catch {
            throw fail(error.message)
        }
        let refused = MetadataRules.problems(MetadataRules.PluginFacts(info.description, effects, minor: minor)).filter {
            $0.severity == .refused
        }
        if let first = refused.first {
            let more = refused.count > 1 ? " (and \(MetadataRules.count(refused.count - 1, "other problem")))" : ""
            throw fail(first.message + more)
        }
        return Plugin(path: path, resolvedPath: resolved, info: info.description, effects: effects, api: api, minor: minor)
    }

    /// The first half of loading: checks the file, dlopens it, finds the
    /// entry symbol, checks the ABI version and that no ABI 1.0 function is
    /// missing. Returns the resolved path, the table, its size and the
    /// minor it is used as (its own, or this host's for a plugin of a newer
    /// minor that needs no more than this host's: effect.h's Versioning);
    /// reads no metadata (a conformance checker wants the two steps apart).
    public static func openTable(path: String) throws(PluginLoadFailure)
        -> (resolvedPath: String, table: UnsafePointer<effect_plugin_api>, size: UInt32, minor: UInt32)
    {
        func fail(_ reason: String) -> PluginLoadFailure { PluginLoadFailure(path: path, reason: reason) }
        let resolved = realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        guard let resolved else { throw fail(SystemError.reason(errno)) }
        if let problem = ELFCheck.problem(with: resolved) { throw fail(problem) }
        dlerror()
        guard let handle = RunningCall.during("dlopen", { dlopen(resolved, RTLD_NOW | RTLD_LOCAL) }) else {
            let detail = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw fail("cannot be loaded: \(Self.shorten(detail, path: resolved))")
        }
        guard let symbol = dlsym(handle, EFFECT_ENTRY_SYMBOL) else {
            throw fail("not an effect plugin: it has no \(EFFECT_ENTRY_SYMBOL) symbol")
        }
        let entry = unsafeBitCast(symbol, to: effect_plugin_entry_fn.self)
        guard let api = RunningCall.during("effect_plugin_entry", { entry() }) else {
            throw fail("\(EFFECT_ENTRY_SYMBOL) returned NULL")
        }
        let header = UnsafeRawPointer(api)
        let structSize = header.load(as: UInt32.self)
        let major = header.load(fromByteOffset: 4, as: UInt32.self)
        let minor = header.load(fromByteOffset: 8, as: UInt32.self)
        let needsMinor = header.load(fromByteOffset: 12, as: UInt32.self)
        let hostMajor = UInt32(EFFECT_ABI_MAJOR)
        let hostMinor = UInt32(EFFECT_ABI_MINOR)
        let newer = minor > hostMinor
        guard major == hostMajor, !newer || (needsMinor != 0 && needsMinor <= hostMinor) else {
            throw fail(
                "built for effect ABI \(major).\(minor)" + (major == hostMajor && needsMinor != 0 ? " (needing 1.\(needsMinor))" : "")
                    + "; this host speaks \(hostMajor).\(hostMinor)"
                    + (major == hostMajor ? " and cannot use a newer minor version" : ""))
        }
        let usedAs = min(minor, hostMinor)
        let needed = Self.tableSize(minor: usedAs)
        guard structSize >= needed else {
            throw fail("its function table is \(structSize) bytes; ABI \(major).\(usedAs) needs \(needed)")
        }
        // Every function of ABI 1.0 must be there: the host calls them
        // without checking again. Each is read where it lies: copying the
        // whole table would read past an older minor's smaller one.
        let functions = [
            "describe", "effect_info", "param_info", "channel_info", "create", "destroy", "instance_info",
            "element_info", "get_param", "set_param", "strings", "sample", "sample_many",
        ]
        let first = MemoryLayout<effect_plugin_api>.offset(of: \.describe)!
        let pointer = MemoryLayout<UnsafeRawPointer?>.size
        if let missing = functions.indices.first(where: {
            header.load(fromByteOffset: first + $0 * pointer, as: UnsafeRawPointer?.self) == nil
        }) {
            throw fail("its function table has no \(functions[missing]) (the pointer is NULL)")
        }
        return (resolved, api, structSize, usedAs)
    }

    private init(
        path: String, resolvedPath: String, info: PluginDescription, effects: [EffectDescription],
        api: UnsafePointer<effect_plugin_api>, minor: UInt32
    ) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.info = info
        self.effects = effects
        self.api = api
        self.minor = minor
    }

    /// The ABI minor the plugin is used as: which functions its table
    /// has, and what it may report (its own minor, or this host's for a
    /// plugin of a newer minor that needs no more).
    public let minor: UInt32

    /// The table's `layout`, for plugins of ABI 1.1 or later.
    var layoutFunction:
        (@convention(c) (
            OpaquePointer?, UnsafePointer<Double>?, UInt32, Double, UnsafeMutablePointer<Double>?, UInt64,
            UnsafeMutablePointer<effect_error>?
        ) -> Int32)?
    {
        minor >= 1 ? api.pointee.layout : nil
    }

    /// The table's `draw`, for plugins of ABI 1.2 or later.
    var drawFunction:
        (@convention(c) (
            OpaquePointer?, Double, UnsafePointer<effect_draw_context>?, UnsafeMutablePointer<effect_drawing>?,
            UnsafeMutablePointer<effect_draw_item>?, UInt64, UnsafeMutablePointer<effect_error>?
        ) -> Int32)?
    {
        minor >= 2 ? api.pointee.draw : nil
    }

    /// Whether the plugin's effects can draw themselves (ABI 1.2 or later);
    /// each effect may still answer that it does not.
    public var canDraw: Bool { drawFunction != nil }

    /// Whether its drawings follow the appearance they are asked for (ABI
    /// 1.3 or later); an older plugin draws its one look in every one.
    public var adaptsToAppearance: Bool { minor >= 3 }

    /// Whether its text items may draw part of their string (ABI 1.6's
    /// `length`); before 1.6 the field is reserved and a run is its string.
    var hasTextLengths: Bool { minor >= 6 }

    /// The table's `create_with_services`, for plugins of ABI 1.4 or later
    /// that take services (nil otherwise: they are made with `create`).
    public var createWithServicesFunction:
        (@convention(c) (
            UnsafePointer<effect_plugin_api>?, UnsafePointer<CChar>?, UnsafePointer<effect_param_setting>?, UInt32,
            UnsafePointer<effect_host_services>?, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<effect_error>?
        ) -> Int32)?
    {
        minor >= 4 ? api.pointee.create_with_services : nil
    }

    /// The least table size a plugin of ABI 1.`minor` has: the header's
    /// EFFECT_PLUGIN_API_SIZE_1_0, _1_1, _1_2 and _1_4, each ending where
    /// the next minor's first function begins.
    static func tableSize(minor: UInt32) -> Int {
        switch minor {
        case 0: MemoryLayout<effect_plugin_api>.offset(of: \.layout)!
        case 1: MemoryLayout<effect_plugin_api>.offset(of: \.draw)!
        case 2, 3: MemoryLayout<effect_plugin_api>.offset(of: \.create_with_services)!
        default: MemoryLayout<effect_plugin_api>.size
        }
    }

    public func effect(id: String) -> EffectDescription? {
        effects.first { $0.id == id }
    }

    /// The plugin's metadata, as a catalog lists it.
    public var record: PluginRecord {
        PluginRecord(path: path, resolvedPath: resolvedPath, info: info, effects: effects, loaded: self)
    }

    /// Creates an instance of one of this plugin's effects.
    public func instantiate(_ effect: EffectDescription, params: [(String, Value)] = []) throws(EffectError)
        -> EffectInstance
    {
        try EffectInstance(plugin: self, effect: effect, params: params)
    }

    /// dlerror repeats the path; the failure already names it.
    private static func shorten(_ detail: String, path: String) -> String {
        let prefix = path + ": "
        return detail.hasPrefix(prefix) ? String(detail.dropFirst(prefix.count)) : detail
    }
}
