import EffectExport
import EffectHost
import EffectRender
import EffectValidate

/// Every command effect-host takes, with what `--help` says of it.
extension CommandSpec {
    static let all: [CommandSpec] = [list, info, run, render, export, plot, studio, validate, installHosts, completions, man]

    static let list = CommandSpec(
        name: "list", summary: "list the plugins found and their effects", usage: "list [--json | --ids] [--plugin-path PATH]...",
        about: """
            Lists every plugin found on the search path (its path, id, version and ABI) and the effects it carries. \
            Files that could not be loaded are listed with the reason.
            """,
        options: [.json, Option("--ids", help: "print only the effect ids, one a line")] + Option.loading,
        operand: .none,
        run: {
            try ListCommand($0).run()
            return 0
        })

    static let info = CommandSpec(
        name: "info", summary: "show an effect's params, channels, elements and timing",
        usage: "info EFFECT [--json] [--plugin-path PATH]...",
        about: """
            Shows an effect's params (type, default, range, unit, doc), its channels, its elements and how it ends \
            or loops, with the numbers for default params.
            """,
        options: [.json] + Option.loading, operand: .effect,
        run: {
            try InfoCommand($0).run()
            return 0
        })

    static let run = CommandSpec(
        name: "run", summary: "play an effect in a terminal, or print its frames as JSON or CSV",
        usage: "run EFFECT [options]",
        about: """
            Plays an effect: live in the terminal, or as frames on stdout. Frames are sampled at t = 0, 1/fps, \
            2/fps, ... up to and including the end: for an effect that ends, the first frame at or after its end \
            (and after its last --at event); for a looping effect, one entrance and one period unless --duration \
            says otherwise.
            """,
        options: [
            .param, .at, Option.fps.numbers(TimeLimits.frameRates, default: Player.defaultFPS), .duration,
            Option("--offline", help: "sample t = i/fps as fast as possible instead of in real time"),
            Option.loop.explained(
                "play until stopped: a looping effect goes on (breathe along); one that ends starts again after a 1 s hold; with --offline, until --duration"),
            Option(
                "--format", value: "FORMAT", help: "tty (default on a terminal), jsonl (default otherwise) or csv",
                completion: .words(["tty", "jsonl", "csv"])),
            Option.theme.explained(
                "draw the live view in this appearance, on the terminal's own background (default: the terminal's background decides)"),
        ] + Option.loading,
        notes: """
            The live view asks the terminal for its background colour (OSC 11), else reads COLORFGBG, and draws in \
            the appearance that suits it, blended over that colour; when neither says, it paints the light ground \
            the components are designed on. A run that ends on its own leaves its last frame, drawn in a few rows, \
            and its status line on the screen; one that is stopped leaves nothing.

            Values: numbers as 0.5, bools as true/false, enums by choice name, colours as #RRGGBB or #RRGGBBAA, and \
            `none` to leave an optional param unset.

            jsonl prints one object per frame: {"t": ..., "channels": {...}, "elements": [{...}, ...]} ("elements" \
            only when the effect has element channels). csv prints a header, then one row per frame, with element \
            channels as name[i].
            """,
        examples: ["run strikethrough-reveal", "run strikethrough-reveal --at 1.2:done=false --offline"],
        operand: .effect, run: { try RunCommand($0).run() })

    static let render = CommandSpec(
        name: "render",
        summary: "draw an effect as SVG, PNG, GIF, MP4, WebM, APNG or an HTML page",
        usage: "render EFFECT -o OUT [options]",
        about: """
            Draws the effect's frames from its own display list (ABI 1.2's draw), as its component looks. OUT's \
            extension says what is written:

              DIR                 numbered SVG frames (frame-00000.svg, ...; the directory
                                  is created if missing), or PNG frames with --format png;
                                  a new directory's name with a dot needs a trailing /
              FILE.svg, FILE.png  one still, at --time T
              FILE.html           a self-contained page (no network, no other files) that
                                  plays the frames at their fps, with play/pause, a
                                  scrubber showing t, and Loop (on for looping effects)
              FILE.gif            one palette for the whole animation, looping; at most
                                  50 fps
              FILE.mp4            H.264, yuv420p, +faststart
              FILE.webm           VP9, with alpha when the background is transparent
              FILE.apng           RGBA, looping

            GIF, MP4, WebM and APNG are encoded by ffmpeg (Debian package ffmpeg), fed over a pipe. Frames are \
            t = 0, 1/fps, ... as for run. Effects that do not draw themselves (plugins of ABI 1.0 or 1.1) are drawn \
            as bars of their channels.
            """,
        options: [
            .output, .param, .at, Option.fps.numbers(TimeLimits.frameRates, default: RenderRequest.defaultFPS),
            Option.duration.explained("draw S seconds instead of the effect's own length (not for a still)"),
            Option("--time", value: "T", help: "a still's moment, by default the effect's end or where its loop starts").numbers(0...TimeLimits.longestDuration),
            Option.loop.explained("one seamless period of a looping effect, without its entrance"),
            Option(
                "--format", value: "svg|png", help: "the frames written into a directory (default svg)",
                completion: .words(["svg", "png"])),
            Option("--scale", value: "S", help: "pixels per point for PNG, GIF and video").numbers(PictureLimits.scales, default: RenderJob.defaultScale),
            Option(
                "--size", value: "WxH", help: "the picture's size in pixels instead, the drawing fitted on the background; at most 8192 a side either way, and even sides for MP4"),
            Option(
                "--background", value: "COLOR",
                help: """
                    #RRGGBB[AA] or transparent (default: transparent for PNG, APNG and WebM in the light \
                    appearance; otherwise the appearance's ground, white or black, so dark ink is never left on \
                    nothing; MP4 cannot be transparent, and a transparent GIF keeps faint ink opaque)
                    """),
            .font,
            Option(
                "--text", value: "outlines|text",
                help: """
                    SVG text as glyph outlines, the same in every viewer, or as selectable text in the font named \
                    (default); pictures in pixels always draw outlines
                    """, completion: .words(["outlines", "text"])),
            Option.width.explained(
                "the width offered to the effect's view, in points, as a container would (text-reveal wraps to it)"),
            Option.theme.explained("the appearance to draw in (default light)"),
            // For Benchmarks/run: where the time went, on stderr.
            Option("--timings", help: "print the time spent drawing, rasterising and encoding", hidden: true),
        ] + Option.loading,
        notes: """
            Text is shaped and measured with HarfBuzz in the font found by fontconfig, at the weight each effect \
            names. A page holds at most 20,000 frames (and 200 MB). In the page's URL, #t=1.25 opens it paused at \
            1.25 s and #t=1.25&bare shows the picture alone. Rendering into a directory replaces the frame files of \
            its format already there; any other file is written under a temporary name and renamed into place, so \
            an error or Ctrl-C leaves nothing under OUT. Past a second of work a progress bar shows on stderr when \
            it is a terminal.
            """,
        examples: [
            "render strikethrough-reveal -o strike.gif", "render breathing-circles --loop -o circles.mp4",
            "render text-reveal --time 2 --background transparent -o reveal.png",
        ],
        operand: .effect, run: { try RenderCommand($0).run() })

    static let export = CommandSpec(
        name: "export", summary: "write an effect as a web page (CSS, or the effect itself live), or as Lottie",
        usage: "export EFFECT -o OUT [options]",
        about: """
            Writes the effect for other engines to play, drawn from its display list sampled over its whole \
            timeline (its --at events baked in). OUT's extension says what:

              DIR          a web animation that plays on the browser's own clock, with no
                           script: DIR/index.html (the effect alone on a page),
                           DIR/EFFECT.css (its keyframes) and DIR/snippet.html (the markup
                           to paste into another page beside EFFECT.css); a new
                           directory's name with a dot needs a trailing /
              FILE.json    Lottie 1.0: shape layers, text as its glyphs' outlines from the
                           font it was measured in, keyframes with bezier easing
              FILE.lottie  the same animation in a dotLottie archive (ZIP, deflated by
                           zlib)

            With --live, DIR's page runs the effect itself instead: its plugin's WebAssembly build in \
            effect-host.js, as an <effect-player> element whose attributes are the params, live (the page's \
            script can change the text or set done), its --at events replayed on its clock; DIR/index.html has \
            controls for every param. A browser runs it only over HTTP, not from file://.

            Keyframes keep the web page within 0.2 px, 0.2 degrees and 0.002 opacity of the effect at every \
            sample, and Lottie within 0.05 px. A looping effect's page plays its entrance once, then its period for \
            ever; its Lottie file holds the entrance and one period, with markers naming them (--loop: the period \
            alone, for players that loop the file), and an effect that ends holds its last frame. The web page also \
            carries the effect's reduce_motion variant, shown under prefers-reduced-motion, and with --theme auto \
            its dark look, shown under prefers-color-scheme: dark; the accessible name and value come from the \
            effect's display strings. Setting --effect-play-state: paused on the effect's element (or an ancestor) \
            pauses it.
            """,
        options: [
            .output, .param,
            Option.at.explained("set a live param at time T seconds, baked into the timeline; repeatable"),
            Option.fps.explained(
                "samples per second the keyframes are fitted to, and a Lottie file's frame rate (at most 3600 samples in all)"
            ).numbers(TimeLimits.frameRates, default: ExportSettings.defaultFPS),
            Option.loop.explained("Lottie: one seamless period of a looping effect"),
            Option("--live", help: "DIR's page runs the effect itself (its plugin's WebAssembly build) with live params"),
            Option(
                "--wasm", value: "FILE",
                help: "--live: the plugin's WebAssembly build (default: NAME.wasm beside the plugin libNAME.so)",
                completion: .files),
            Option.width.explained("the width offered to the effect's view, in points"),
            Option(
                "--name", value: "NAME",
                help: """
                    the web page's class prefix (eh-NAME) and stylesheet (NAME.css), so two exports of one effect \
                    share a page (default: the effect's id)
                    """),
            Option(
                "--theme", value: "auto|light|dark",
                help: """
                    the looks exported: the web page's default auto holds both, chosen by the reader's colour \
                    scheme; Lottie has one (default light)
                    """, completion: .words(["auto", "light", "dark"])),
            Option.font.explained(
                """
                a family (default Inter; DejaVu Sans when it is missing), a font file (copied beside the web page \
                and named in its stylesheet), or reference for the ABI's reference metrics (the web page only: \
                Lottie draws glyph outlines)
                """),
            // Parsed only to say why export has no --duration: it takes the whole timeline.
            Option.duration.explained("refused: export takes the whole timeline").hiding(),
        ] + Option.loading,
        notes: """
            What a format cannot say is refused with the item named (a gradient that changes, text whose content \
            changes, an item that moves between groups, a clip below the top level in Lottie) or said on stderr: \
            Lottie has no saturation filter (it becomes keyframed colours) and no blur (left out). docs/export.md \
            has the details.
            """,
        examples: [
            "export strikethrough-reveal -o strike-web", "export strikethrough-reveal --at 1.5:done=false -o strike-undo",
            "export strikethrough-reveal -o strike.json", "export breathing-circles --loop -o circles.lottie",
            "export strikethrough-reveal --live --at 1.5:done=false -o strike-live",
        ],
        operand: .effect, run: { try ExportCommand($0).run() })

    static let plot = CommandSpec(
        name: "plot", summary: "chart an effect's channels against time as SVG or PNG",
        usage: "plot EFFECT -o FILE.svg|FILE.png [options]",
        about: """
            Charts the effect's channels against time: axes, ticks, labels and a legend; the phases of a discrete \
            channel (breathing-circles' breathe in, hold, ...) as bands; a marker at each --at event. Values are \
            sampled from the plugin at \(formatNumber(Chart.samplesPerSecond)) points a second.
            """,
        options: [
            Option.output.explained("where to write the chart: .svg, or .png (2 pixels a point)"),
            Option(
                "--channels", value: "A,B,...",
                help: """
                    which channels (default: every global channel that moves, or element 0's if none does); element \
                    channels as NAME[i], e.g. progress[0]
                    """),
            Option("--elements", value: "I,J,...", help: "the elements whose element channels to plot (default 0)"),
            Option.duration.explained("chart S seconds (default: the effect's own length)"), .param,
            Option.at.explained("an event, marked on the chart; repeatable"),
            // Parsed only to say why plot has no --fps: it samples at Chart.samplesPerSecond.
            Option.fps.numbers(TimeLimits.frameRates, default: Chart.samplesPerSecond).hiding(),
        ] + Option.loading,
        examples: [
            "plot strikethrough-reveal --at 0.2:done=false -o strike.svg",
            "plot text-reveal --channels progress --elements 0,3 -o units.svg",
        ],
        operand: .effect, run: { try PlotCommand($0).run() })

    static let studio = CommandSpec(
        name: "studio", summary: "serve a local page to look at and tune any effect",
        usage: "studio [EFFECT] [--port N] [--host ADDR] [--watch] [--output-dir DIR] [--plugin-path PATH]... [--allow-unsafe-plugins]",
        about: """
            Serves a page on this machine (127.0.0.1) and prints its address, with a token only that address \
            carries. The page lists the effects found and shows one (EFFECT, or the first): controls made from its \
            params, a timeline to play, loop and scrub, a button that sets a live param at the playhead (an event), \
            the frame the host draws (the pixels render writes), its channels, the command lines that make what is \
            on screen, and downloads of a PNG, GIF, MP4, Lottie file or web page made by the host. The server is \
            Python's http.server driving this host library through the effects package: it needs python3 with numpy \
            (Debian packages python3 and python3-numpy; EFFECT_HOST_PYTHON names another interpreter). Ctrl-C stops it.
            """,
        options: [
            Option("--port", value: "N", help: "the port to listen on (default: a free one)"),
            Option(
                "--host", value: "ADDR",
                help: "the address to listen on (default 127.0.0.1); another one lets other machines in, with a warning"),
            Option(
                "--output-dir", value: "DIR",
                help: "where downloads are written (default: a private temporary directory, removed when the studio stops)",
                completion: .files),
            Option(
                "--watch",
                help: "load each plugin file's new build as its author rebuilds it, keeping the page's values; every build loaded stays in memory until the studio stops"),
            Option.pluginPath, Option.allowUnsafe,
        ],
        examples: ["studio", "studio strikethrough-reveal --port 8700", "studio --plugin-path build/ --watch"],
        operand: .effect, run: { try StudioCommand($0).run() })

    static let validate = CommandSpec(
        name: "validate", summary: "check plugin files against the ABI's contract",
        usage: "validate PLUGIN.so... [options]",
        about: """
            Checks each plugin against the effect ABI's contract, each check in a child process of its own, so a \
            plugin that crashes, exits or hangs is reported and validate carries on. Every check reports pass, \
            warn, fail or crash with a reason; the exit status is 1 if any check fails or crashes. A sample slower \
            than 1 ms fails every check that samples, as "slow", before a long check could make the plugin look hung.

              checks:  load, metadata, defaults, determinism, random-access, sweep,
                       bad-input, events, loops, threads, isolation, strings, errors,
                       overrun, stdout, draw, lifecycle, cost
            """,
        options: [
            .json,
            Option(
                "--strict",
                help: """
                    count every warning as a failure (extra exported symbols, channels without docs, a NULL draw, \
                    allocations while sampling); values outside their declared ranges fail either way
                    """),
            Option("--seed", value: "N", help: "the seed for randomised checks (printed with the results; reuse it to reproduce a run)"),
            Option(
                "--timeout", value: "S",
                help: "seconds one check may take before it counts as hung (default \(formatNumber(Validator.defaultTimeout)); "
                    + "\(formatNumber(Validator.timeoutAfterHang)) once a check of the plugin has hung)"),
            Option.allowUnsafe.explained("check plugin files others could have written (refused otherwise; see effect-host --help)"),
            // The worker side: one check in this process (Validator starts it).
            Option("--worker", value: "CHECK", help: "run one check, as a worker", hidden: true),
        ],
        operand: .pluginFiles, run: { try ValidateCommand($0).run() })

    static let installHosts = CommandSpec(
        name: "install-hosts",
        summary: "make every effect found a frei0r plugin for ffmpeg, MLT and GStreamer, a GStreamer element, and an OBS source",
        usage:
            "install-hosts [--frei0r-dir DIR] [--adapter FILE] [--gst-dir DIR] [--gst-plugin FILE] [--obs-dir DIR] [--obs-module FILE] [--dry-run] [--plugin-path PATH]...",
        about: """
            Makes every effect on the plugin search path (--plugin-path, EFFECT_PLUGIN_PATH, then the plugins \
            installed with effect-host) a frei0r source, effect_ID.so, and a filter, effect_ID_overlay.so (ID with _ \
            for -), in a directory ffmpeg, MLT (melt, Kdenlive, Shotcut) and GStreamer search by themselves: by \
            default ~/.frei0r-1/lib. Each file is a copy of the frei0r adapter that loads this effect-host's \
            libeffecthost.so and the plugin file its effect comes from by their absolute paths (a note beside \
            it, effect_ID.so.plugin, names the plugin file), so the hosts need no FREI0R_PATH, EFFECT_PLUGIN_PATH \
            or LD_LIBRARY_PATH. When two plugins offer one effect id, the first on the search path wins, as for \
            every command, and one line each says which wins and which is skipped. Each source is described for \
            Kdenlive's Add Generator menu too, by the kdenlive-generator program beside the adapter.

            It puts the GStreamer plugin in the folder GStreamer searches for a user's plugins, \
            $XDG_DATA_HOME/gstreamer-1.0/plugins (~/.local/share/gstreamer-1.0/plugins): libgsteffecthost.so, a \
            copy that loads this effect-host's libeffecthost.so by its absolute path, so GStreamer offers a source \
            and an overlay element for each effect (gst-inspect-1.0 effecthost) with no GST_PLUGIN_PATH. The \
            plugin is the one installed with effect-host (PREFIX/lib/effect-host/gstreamer/libgsteffecthost.so) or \
            --gst-plugin FILE; without one, one line says so and the rest is made all the same.

            It puts the OBS Studio module in the folder OBS searches for a user's modules, \
            $XDG_CONFIG_HOME/obs-studio/plugins (~/.config/obs-studio/plugins): effect-host/bin/64bit/effect-host.so, \
            a copy that loads this effect-host's libeffecthost.so by its absolute path, and its texts in \
            effect-host/data/. OBS then offers as sources the effects installed with effect-host and those on \
            EFFECT_PLUGIN_PATH in OBS's own environment. The module is the one installed with effect-host \
            (PREFIX/lib/effect-host/obs/effect-host.so, its texts in data/ beside it) or --obs-module FILE; \
            without one, one line says so and the frei0r plugins are made all the same (and an install without the \
            frei0r adapter gets the OBS module alone, with a line saying so).

            Run it again after adding or moving a plugin (one replaced in place needs nothing): it \
            replaces the copies it made, each file written beside its place and renamed into it. A file it did \
            not make (another program's plugin, or a file of another program's named libgsteffecthost.so or \
            effect-host.so) is never replaced: its effect, the GStreamer plugin or the OBS module is left out, said \
            in one line, and the exit status is 1.
            """,
        options: [
            Option(
                "--frei0r-dir", value: "DIR",
                help: "where to put the frei0r plugins (default ~/.frei0r-1/lib; /usr/local/lib/frei0r-1 is searched by every host too)",
                completion: .files),
            Option(
                "--adapter", value: "FILE",
                help: "the frei0r adapter to copy (default: PREFIX/lib/effect-host/frei0r-adapter.so of an installed effect-host; scripts/build-frei0r builds one)",
                completion: .files),
            Option(
                "--kdenlive-dir", value: "DIR",
                help: "where to describe the sources for Kdenlive's Add Generator menu (default $XDG_DATA_HOME/kdenlive/generators, ~/.local/share/kdenlive/generators), with the kdenlive-generator program beside the adapter",
                completion: .files),
            Option(
                "--gst-dir", value: "DIR",
                help: "the GStreamer plugin folder to put the GStreamer plugin in (default $XDG_DATA_HOME/gstreamer-1.0/plugins, ~/.local/share/gstreamer-1.0/plugins)",
                completion: .files),
            Option(
                "--gst-plugin", value: "FILE",
                help: "the GStreamer plugin to copy (default: PREFIX/lib/effect-host/gstreamer/libgsteffecthost.so of an installed effect-host; scripts/build-gst builds one)",
                completion: .files),
            Option(
                "--obs-dir", value: "DIR",
                help: "the OBS plugin folder to put the OBS module in, as DIR/effect-host/ (default $XDG_CONFIG_HOME/obs-studio/plugins, ~/.config/obs-studio/plugins)",
                completion: .files),
            Option(
                "--obs-module", value: "FILE",
                help: "the OBS module to copy, its texts in data/ beside it (default: PREFIX/lib/effect-host/obs/effect-host.so of an installed effect-host; scripts/build-obs builds one)",
                completion: .files),
            Option("--dry-run", help: "say what would be written, and write nothing"),
            Option(
                "--relocatable",
                help: "frei0r copies alone, that find the host library through the adapter's own RUNPATH and the plugins installed beside it, for a tree that moves (scripts/install)"
            ),
        ] + Option.loading,
        examples: ["install-hosts --plugin-path ~/my-plugins", "install-hosts --frei0r-dir /usr/local/lib/frei0r-1 --dry-run"],
        operand: .none, run: { try InstallHostsCommand($0).run() })

    static let completions = CommandSpec(
        name: "completions", summary: "print a completion script for bash, zsh or fish", usage: "completions bash|zsh|fish",
        about: """
            Prints a completion script for the shell: commands, each command's options, and effect ids (asked of \
            `effect-host list --ids` as you type, so new plugins are offered too).

              bash:  source <(effect-host completions bash)
                     (or save it in bash-completion's directory)
              zsh:   source <(effect-host completions zsh)
              fish:  effect-host completions fish | source
            """,
        options: [], operand: .shell,
        run: {
            try CompletionsCommand($0).run()
            return 0
        })

    static let man = CommandSpec(
        name: "man", summary: "print the manual page (roff)", usage: "man",
        about: """
            Prints the manual page, in roff, made from these help texts: read it with `effect-host man | man -l -`. \
            scripts/install installs it as share/man/man1/effect-host.1.
            """,
        options: [], operand: .none,
        run: {
            try ManCommand($0).run()
            return 0
        })
}

extension Option {
    /// The same option, parsed but left out of help and completions.
    func hiding() -> Option {
        var option = self
        option.hidden = true
        return option
    }
}
