import EffectHost

/// Each param reports its declared default when none is given.
enum DefaultsCheck {
    static func check(_ plugin: Plugin) throws -> CheckResult {
        var checked = 0
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            for param in effect.params {
                let reported = try instance.value(of: param.name, at: 0)
                guard reported == param.defaultValue else {
                    throw CheckFailure(
                        "\(effect.id): param '\(param.name)' reports \(reported.text) with no params given; its declared default is \(param.defaultValue.text)")
                }
                checked += 1
            }
        }
        guard checked > 0 else { return .skip("no params to report a default") }
        return .pass(checked == 1 ? "1 param reports its declared default" : "\(checked) params report their declared defaults")
    }
}
