import EffectHost
/// What each command takes: the options its parser accepts and what its
/// operands are. The parsers and the shell completions read the same specs.
struct CommandSpec {
    enum Operand { case none, effect, pluginFiles, shell }

    let name: String
    /// Options that take a value, as `--fps 30` or `--fps=30`.
    let valued: Set<String>
    let flags: Set<String>
    let operand: Operand
    /// Options for the program's own use, left out of completions.
    var internalOptions: Set<String> = []

    /// Every option a person would type, sorted.
    var publicOptions: [String] { valued.union(flags).union(["--help"]).subtracting(internalOptions).sorted() }

    static let list = CommandSpec(
        name: "list", valued: ["--plugin-path"], flags: ["--json", "--ids", PluginSession.allowUnsafeFlag, PluginSession.noCacheFlag], operand: .none)
    static let info = CommandSpec(
        name: "info", valued: ["--plugin-path"], flags: ["--json", PluginSession.allowUnsafeFlag, PluginSession.noCacheFlag], operand: .effect)
    static let run = CommandSpec(
        name: "run", valued: EffectSetup.valuedOptions.union(["--format", ThemeOption.name]), flags: EffectSetup.flags.union(["--offline", "--loop"]),
        operand: .effect)
    static let render = CommandSpec(
        name: "render",
        valued: EffectSetup.valuedOptions.union([
            "-o", "--output", "--width", ThemeOption.name, "--format", "--time", "--scale", "--size", "--background", "--font",
            "--text",
        ]),
        flags: EffectSetup.flags.union(["--loop", "--timings"]),
        operand: .effect, internalOptions: ["--timings"])
    static let export = CommandSpec(
        name: "export", valued: EffectSetup.valuedOptions.union(["-o", "--output", "--width", ThemeOption.name, FontOption.name, "--name"]),
        // Parsed only to say why export has no --duration: it takes the whole timeline.
        flags: EffectSetup.flags.union(["--loop"]), operand: .effect, internalOptions: ["--duration"])
    static let plot = CommandSpec(
        name: "plot", valued: EffectSetup.valuedOptions.union(["-o", "--output", "--channels", "--elements"]),
        flags: EffectSetup.flags, operand: .effect)
    static let validate = CommandSpec(
        name: "validate", valued: ["--seed", "--timeout", "--worker"], flags: ["--json", "--strict", PluginSession.allowUnsafeFlag],
        operand: .pluginFiles, internalOptions: ["--worker"])
    static let completions = CommandSpec(name: "completions", valued: [], flags: [], operand: .shell)
    static let man = CommandSpec(name: "man", valued: [], flags: [], operand: .none)

    static let all: [CommandSpec] = [list, info, run, render, export, plot, validate, completions, man]
}

extension Arguments {
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        try self.init(arguments, valued: spec.valued, flags: spec.flags)
    }
}
