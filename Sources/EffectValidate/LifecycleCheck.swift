import CAllocationCounter
import CEffect
import EffectHost
import Glibc

/// Loading, creating and destroying again and again does not make memory
/// grow.
enum LifecycleCheck {
    static func check(path: String) throws -> CheckResult {
        // A sanitizer's allocator keeps freed memory in quarantine to catch
        // use after free, so resident growth says nothing about leaks there.
        guard effect_allocation_counting() != 0 else {
            return .pass("memory growth not measured: this effect-host is built with a sanitizer, whose allocator holds freed memory")
        }
        // Load and unload first, before anything else holds the library, so
        // each cycle really unloads it (unless the plugin is never unmapped).
        guard let resolved = realpath(path, nil).map({ pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        }) else { throw CheckFailure("the file cannot be resolved") }
        func loadCycle() throws {
            guard let handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL) else { throw CheckFailure("dlopen failed on a later load") }
            defer { dlclose(handle) }
            guard let symbol = dlsym(handle, EFFECT_ENTRY_SYMBOL),
                let api = unsafeBitCast(symbol, to: effect_plugin_entry_fn.self)()
            else { return }
            var info = effect_plugin_info()
            info.struct_size = UInt32(MemoryLayout<effect_plugin_info>.size)
            _ = api.pointee.describe?(api, &info, nil)
        }
        for _ in 0..<5 { try loadCycle() }
        let beforeLoads = CheckSupport.residentBytes()
        for _ in 0..<100 { try loadCycle() }
        let loadGrowth = CheckSupport.residentBytes() - beforeLoads
        guard loadGrowth < 2 * 1024 * 1024 else {
            throw CheckFailure("memory grew by \(fixed(loadGrowth / 1_048_576, 1)) MB over 100 load/unload cycles")
        }
        let plugin = try Plugin.load(path: path)
        if let slow = try CheckSupport.slowness(plugin) { return .fail(slow) }
        var frame = [Double](repeating: 0, count: 1 << 16)
        func createCycle(_ effect: EffectDescription) throws {
            let instance = try plugin.instantiate(effect)
            if instance.frameSize < frame.count {
                try frame.withUnsafeMutableBufferPointer { buffer in
                    try instance.sample(at: 0.5, into: UnsafeMutableBufferPointer(rebasing: buffer[0...instance.frameSize]))
                }
            }
        }
        for effect in plugin.effects { for _ in 0..<200 { try createCycle(effect) } }
        let before = CheckSupport.residentBytes()
        for effect in plugin.effects { for _ in 0..<10_000 { try createCycle(effect) } }
        let growth = CheckSupport.residentBytes() - before
        let cycles = 10_000 * plugin.effects.count
        guard growth < 2 * 1024 * 1024 else {
            throw CheckFailure(
                "memory grew by \(fixed(growth / 1_048_576, 1)) MB over \(cycles) create/sample/destroy cycles (about \(Int(growth) / cycles) bytes each)")
        }
        return .pass(
            "100 load/unload: \(Int(loadGrowth / 1024)) KB; \(cycles) create/sample/destroy: \(Int(growth / 1024)) KB resident growth")
    }
}
