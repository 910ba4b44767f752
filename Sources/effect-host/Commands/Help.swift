import EffectHost

/// The main help: the commands (from the table) and what every command
/// that loads plugins shares.
enum Help {
    static var main: String {
        let commands = TextTable(header: ["command", "summary"], rows: CommandSpec.all.map { [$0.name, $0.summary] }, showsHeader: false)
            .lines(width: HelpText.width)
        let shared = sharedOptions.flatMap(HelpText.lines(for:))
        return (HelpText.wrap("effect-host: play, inspect and export effect plugins", width: HelpText.width)
            + ["", "usage: effect-host <command> [options]", "", "commands:"]
            + commands + [""] + HelpText.wrap("options for the commands that load plugins:", width: HelpText.width) + shared
            + HelpText.lines(for: Option("-h", "--help", help: "show help for the command (every command takes it)"))
            + [""] + HelpText.fill(about)).joined(separator: "\n")
    }

    /// What every command that loads plugins takes.
    static let sharedOptions = [
        Option.pluginPath.explained("search PATH (a directory or a .so file) first; repeatable"),
        Option.allowUnsafe.explained("load plugin files that others could have written (refused otherwise, as ssh refuses such key files)"),
        Option.noCache,
    ]

    /// What the program is, for the man page's reader, who has not seen --help.
    static let description = """
        effect-host hosts effects: plugins, each a sampled model of a motion design, that answer for any time \
        what a renderer needs for that frame and what it draws. It lists and describes them, plays them in a \
        terminal or prints their frames as JSON or CSV, draws them as pictures and movies, exports them as web \
        pages and Lottie, charts their channels, and checks plugin files against the ABI's contract.
        """

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
