import EffectHost
import MetadataRules

/// Identity and metadata against every rule of MetadataRules (the
/// loader has already refused a plugin that breaks a `refused` one), and
/// each instance's timing against the kinds its effect declares.
enum MetadataCheck {
    /// The most resident memory one instance may add at create.
    static let instanceMemoryLimit = 250e6

    static func check(_ plugin: Plugin) throws -> CheckResult {
        // A host's scan refuses it, so no host could list it.
        if ScanLimit.exceeded(by: plugin.record) { return .fail(ScanLimit.reason) }
        let found = MetadataRules.problems(MetadataRules.PluginFacts(plugin.info, plugin.effects, minor: plugin.minor))
        var problems = found.filter { $0.severity != .warning }.map(\.message)
        let warnings = found.filter { $0.severity == .warning }.map(\.message)
        for effect in plugin.effects {
            let before = CheckSupport.residentBytes()
            let instance = try? plugin.instantiate(effect)
            // Every later check makes instances by the dozen: one this
            // large would only look hung there.
            let grown = CheckSupport.residentBytes() - before
            if grown > Self.instanceMemoryLimit {
                return .fail(
                    "effect '\(effect.id)': one instance with default params takes \(readableBytes(Int(grown))) of memory; a host makes many, so at most \(readableBytes(Int(Self.instanceMemoryLimit))) each")
            }
            // The timing is this check's to judge; later checks would each say it again.
            if let instance {
                let timing: Timing
                do {
                    timing = try instance.info().timing
                } catch {
                    problems.append("effect '\(effect.id)': \(error.message)")
                    continue
                }
                switch timing {
                case .ends where !effect.timingKinds.contains(.ends),
                    .loops where !effect.timingKinds.contains(.loops):
                    problems.append("effect '\(effect.id)': its instance reports a timing kind the effect does not declare")
                default: break
                }
            }
        }
        if !problems.isEmpty { return .fail(problems.joined(separator: "; ")) }
        if !warnings.isEmpty { return .warn(warnings.joined(separator: "; ")) }
        let params = plugin.effects.reduce(0) { $0 + $1.params.count }
        return .pass(
            "\(MetadataRules.count(plugin.effects.count, "effect")), \(MetadataRules.count(params, "param")): ids, names, ranges and defaults well-formed")
    }
}
