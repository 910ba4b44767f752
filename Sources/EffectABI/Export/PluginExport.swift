import CEffect

/// A plugin's C face: the effect_plugin_api table its entry symbol returns,
/// built from Swift declarations.
///
/// A plugin declares one as a global constant and returns `table` from its
/// only export:
///
///     private let plugin = PluginExport(info: ..., effects: [MyEffect.self])
///
///     @_cdecl("effect_plugin_entry")
///     public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? { plugin.table }
///
/// Global constants are initialised once, thread-safely, so the entry is
/// idempotent and returns the same table every time.
public final class PluginExport: @unchecked Sendable {
    let info: PluginInfo
    let entries: [EffectEntry]
    /// Why the declarations break the ABI's promises; empty when they don't.
    let problems: [String]
    let cInfo: effect_plugin_info
    private let strings = StringPool()
    public let table: UnsafePointer<effect_plugin_api>

    public init(info: PluginInfo, effects: [any Effect.Type]) {
        self.info = info
        problems = DescriptorCheck.problems(plugin: info, effects: effects)
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
        // The table and a pointer back to this object share one allocation,
        // so every function can find its plugin from `self` alone.
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: Self.ownerOffset + MemoryLayout<UnsafeRawPointer>.size,
            alignment: MemoryLayout<effect_plugin_api>.alignment)
        storage.initializeMemory(as: effect_plugin_api.self, repeating: Callbacks.table, count: 1)
        table = UnsafePointer(storage.assumingMemoryBound(to: effect_plugin_api.self))
        storage.storeBytes(
            of: UnsafeRawPointer(Unmanaged.passRetained(self).toOpaque()), toByteOffset: Self.ownerOffset,
            as: UnsafeRawPointer.self)
    }

    private static var ownerOffset: Int {
        let stride = MemoryLayout<effect_plugin_api>.stride
        let alignment = MemoryLayout<UnsafeRawPointer>.alignment
        return (stride + alignment - 1) / alignment * alignment
    }

    static func owner(of table: UnsafePointer<effect_plugin_api>?) throws(EffectFailure) -> PluginExport {
        guard let table else { throw .null("self") }
        let owner = UnsafeRawPointer(table).load(fromByteOffset: ownerOffset, as: UnsafeRawPointer.self)
        let plugin = Unmanaged<PluginExport>.fromOpaque(owner).takeUnretainedValue()
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
                "plugin '\(info.id)' has no effect '\(id)' (effects: \(nameList(entries.map(\.id))))")
        }
        return entry
    }
}
