import CEffect

/// A plugin's C face: the effect_plugin_api table its entry symbol returns,
/// built from Swift declarations.
///
/// A plugin declares one as a global constant and returns `table` from its
/// only export:
///
///     private let plugin = PluginExport(info: ..., effects: [EffectKind(MyEffect.self)])
///
///     @_cdecl("effect_plugin_entry")
///     public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? { plugin.table }
///
/// Global constants are initialised once, thread-safely, so the entry is
/// idempotent and returns the same table every time.
///
/// The table's functions find their plugin through a registry inside this
/// image rather than through `self`'s address, so a host may pass a copy
/// of the table (ctypes and Rust copy structs by default).
public final class PluginExport: @unchecked Sendable {
    let info: PluginInfo
    let entries: [EffectEntry]
    /// Why the declarations break the ABI's promises; empty when they don't.
    let problems: [String]
    let cInfo: effect_plugin_info
    private let strings = StringPool()
    public let table: UnsafePointer<effect_plugin_api>

    public init(info: PluginInfo, effects: [EffectKind]) {
        self.info = info
        problems = DescriptorCheck.problems(plugin: info, effects: effects.map { $0.facts })
        let strings = self.strings
        entries = effects.map { EffectEntry($0, strings: strings) }
        cInfo = effect_plugin_info(
            struct_size: UInt32(MemoryLayout<effect_plugin_info>.size),
            effect_count: UInt32(effects.count),
            id: strings.intern(info.id).pointer,
            name: strings.intern(info.name).pointer,
            version: strings.intern(info.version).pointer,
            author: strings.intern(info.author).pointer,
            license: strings.intern(info.license).pointer,
            summary: strings.intern(info.summary).pointer)
        let storage = UnsafeMutablePointer<effect_plugin_api>.allocate(capacity: 1)
        storage.initialize(to: Callbacks.table)
        table = UnsafePointer(storage)
        Self.registry.add(self)
    }

    private static let registry = Registry()

    /// The plugin a table function was called for. A library holds one
    /// plugin; `self` only has to be non-NULL, and picks among several
    /// when a process made more than one (tests do).
    static func owner(of table: UnsafePointer<effect_plugin_api>?) throws(EffectFailure) -> PluginExport {
        guard let table else { throw .null("self") }
        guard let plugin = registry.plugin(for: table) else {
            throw EffectFailure(status: Status.internal, "self is not a table this library returned")
        }
        guard plugin.problems.isEmpty else {
            throw EffectFailure(status: Status.internal, "plugin declarations are invalid: " + nameList(plugin.problems))
        }
        return plugin
    }

    func entry(_ index: UInt32) throws(EffectFailure) -> EffectEntry {
        guard Int(index) < entries.count else {
            throw EffectFailure(status: Status.index, "effect \(index) is out of range; there are \(entries.count)")
        }
        return entries[Int(index)]
    }

    func entry(id: String) throws(EffectFailure) -> EffectEntry {
        guard let entry = entries.first(where: { $0.id == id }) else {
            throw EffectFailure(
                status: Status.unknownEffect,
                "plugin '\(info.id)' has no effect '\(id)' (effects: \(nameList(entries.map { $0.id })))")
        }
        return entry
    }
}

/// Every PluginExport of this image, behind a lock: creation may race
/// between threads, lookups may run at any time.
private final class Registry: @unchecked Sendable {
    private let lock = Lock()
    private var plugins: [PluginExport] = []

    func add(_ plugin: PluginExport) {
        lock.locked { plugins.append(plugin) }
    }

    func plugin(for table: UnsafePointer<effect_plugin_api>) -> PluginExport? {
        lock.locked {
            plugins.first { $0.table == table } ?? (plugins.count == 1 ? plugins[0] : nil)
        }
    }
}
