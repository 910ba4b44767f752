import EffectHost

/// The main help: the commands (from the table) and what every command
/// that loads plugins shares.
enum Help {
    static var main: String {
        let commands = CommandSpec.all.map { spec in
            "  " + spec.name + String(repeating: " ", count: max(1, 13 - spec.name.count)) + spec.summary
        }
        let shared = sharedOptions.flatMap(HelpText.lines(for:))
        return (["effect-host: play, inspect and export effect plugins", "", "usage: effect-host <command> [options]", "", "commands:"]
            + commands + ["", "options for the commands that load plugins:"] + shared
            + HelpText.lines(for: Option("-h", "--help", help: "show help for the command (every command takes it)"))
            + [""] + HelpText.fill(about)).joined(separator: "\n")
    }

    /// What every command that loads plugins takes.
    static let sharedOptions = [
        Option.pluginPath.explained("search PATH (a directory or a .so file) first; repeatable"),
        Option.allowUnsafe.explained("load plugin files that others could have written (refused otherwise, as ssh refuses such key files)"),
        Option.noCache,
    ]

    static let about = """
        effect-host --version prints the version and the plugin ABI it hosts. validate takes its plugin files as \
        arguments instead of --plugin-path.

        Plugins are searched for in --plugin-path, then EFFECT_PLUGIN_PATH (colon-separated), then the directory \
        of this executable and <prefix>/lib/effect-host/plugins. The current directory is never searched unless \
        named. A plugin file is refused when it, or the directory it is in, can be written by group or others or \
        belongs to another user (see docs/hardening.md). Each plugin is first loaded in a child process, so one \
        that crashes, exits, hangs or prints while loading is skipped with the reason; what the scan learns is \
        cached in $XDG_CACHE_HOME/effect-host (~/.cache/effect-host) until the file changes. Plugin code cannot \
        write into effect-host's own output: what it prints goes to stderr.

        Run 'effect-host <command> --help' for a command's options.
        """
}
