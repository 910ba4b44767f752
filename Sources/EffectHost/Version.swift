import CEffect

/// The program's own version, and the plugin ABI it hosts: what
/// `effect-host --version` prints and `list --json` reports.
public enum Version {
    public static let effectHost = "0.14.0"
    public static let abi = "\(EFFECT_ABI_MAJOR).\(EFFECT_ABI_MINOR)"

    public static var line: String { "effect-host \(effectHost) (plugin ABI \(abi))" }
}
