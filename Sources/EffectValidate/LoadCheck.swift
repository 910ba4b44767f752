import CEffect
import EffectHost
import Glibc

/// Opens the file and its table and times describe, reading no more
/// metadata than that (the metadata check does).
enum LoadCheck {
    static func check(_ path: String) throws -> CheckResult {
        let (resolved, table, _, usedAs) = try Plugin.openTable(path: path)
        // The table is the plugin's one static table: a host may compare or
        // keep the pointer, so every call of the entry point returns it.
        if let handle = dlopen(resolved, RTLD_NOW | RTLD_NOLOAD), let symbol = dlsym(handle, EFFECT_ENTRY_SYMBOL) {
            let entry = unsafeBitCast(symbol, to: effect_plugin_entry_fn.self)
            let again = entry()
            guard again == table, entry() == table else {
                throw CheckFailure("\(EFFECT_ENTRY_SYMBOL) returns a different table each call; it must return the same one")
            }
        }
        var info = effect_plugin_info()
        var times: [Double] = []
        for _ in 0..<5 {
            info.struct_size = UInt32(MemoryLayout<effect_plugin_info>.size)
            let start = MonotonicClock.now()
            var error = effect_error()
            error.struct_size = UInt32(MemoryLayout<effect_error>.size)
            let status = RunningCall.during("describe") { table.pointee.describe!(table, &info, &error) }
            times.append(MonotonicClock.now() - start)
            guard status == EFFECT_OK else { throw CheckFailure("describe fails with \(EffectError.name(of: status)): \(said(error))") }
        }
        let describe = (times.max() ?? 0) * 1000
        guard describe < 100 else { return .fail("describe takes up to \(fixed(describe, 1)) ms; it must take under 100 ms") }
        guard let symbols = ELFSymbols.exported(by: path) else { return .warn("its exported symbols cannot be read") }
        // A sanitizer's section bounds are the toolchain's, not the plugin's
        // API, and every instrumented library has its own.
        let toolchain = ["__start_asan_globals", "__stop_asan_globals", "__start___sancov", "__stop___sancov", "__odr_asan_gen_"]
        let others = symbols.filter { symbol in
            symbol != EFFECT_ENTRY_SYMBOL && !toolchain.contains { symbol.hasPrefix($0) }
        }
        if !others.isEmpty {
            return .warn(
                "exports \(others.count) symbol\(others.count == 1 ? "" : "s") besides \(EFFECT_ENTRY_SYMBOL), which could clash "
                    + "with another plugin's (\(others.prefix(3).joined(separator: ", ")))")
        }
        let minor = table.pointee.abi_minor
        let read = usedAs == minor ? "" : " (needing 1.\(table.pointee.reserved), so read as 1.\(usedAs))"
        return .pass(
            "ABI \(table.pointee.abi_major).\(minor)\(read), describe \(fixed(describe, 3)) ms, only \(EFFECT_ENTRY_SYMBOL) exported")
    }

    /// The plugin's own message from a failed call, fit to print on one line.
    private static func said(_ error: effect_error) -> String {
        var error = error
        let message = withUnsafeBytes(of: &error.message) { PluginString.read($0.baseAddress?.assumingMemoryBound(to: CChar.self), limit: $0.count) }
        guard let message, !message.isEmpty else { return "(no message)" }
        return Terminal.sanitize(message).replacingNewlines()
    }
}
