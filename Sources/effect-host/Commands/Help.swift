import EffectHost
/// The help texts, one per command.
enum Help {
    static let main = """
        effect-host: play, inspect and export effect plugins

        usage: effect-host <command> [options]

        commands:
          list         list the plugins found and their effects
          info         show an effect's params, channels, elements and timing
          run          play an effect in the terminal, or print its frames as JSON Lines or CSV
          render       draw an effect as SVG or PNG frames or stills, an HTML player, GIF, MP4, WebM or APNG
          export       write an effect as a web page that plays with CSS alone, or as Lottie
          plot         chart an effect's channels against time as SVG or PNG
          validate     check plugin files against the ABI's contract before shipping them
          completions  print a completion script for bash, zsh or fish
          man          print the manual page (roff)

        options for the commands that load plugins:
          --plugin-path PATH       search PATH (a directory or a .so file) first; repeatable
                                   (validate takes its plugin files as arguments instead)
          --allow-unsafe-plugins   load plugin files that others could have written (refused
                                   otherwise, as ssh refuses such key files)
          --no-cache               scan every plugin again instead of reading the scan cache
          -h, --help               show help for the command (every command takes it)

        effect-host --version prints the version and the plugin ABI it hosts.

        Plugins are searched for in --plugin-path, then EFFECT_PLUGIN_PATH (colon-separated),
        then the directory of this executable and <prefix>/lib/effect-host/plugins. The current
        directory is never searched unless named. A plugin file is refused when it, or the
        directory it is in, can be written by group or others or belongs to another user
        (see docs/hardening.md). Each plugin is first loaded in a child process, so one that
        crashes, exits, hangs or prints while loading is skipped with the reason; what the
        scan learns is cached in $XDG_CACHE_HOME/effect-host (~/.cache/effect-host) until the
        file changes. Plugin code cannot write into effect-host's own output: what it prints
        goes to stderr.

        Run 'effect-host <command> --help' for a command's options.
        """

    static let list = """
        usage: effect-host list [--json | --ids] [--plugin-path PATH]...

        Lists every plugin found on the search path (its path, id, version and ABI) and the
        effects it carries. Files that could not be loaded are listed with the reason.

          --json               print one JSON object instead of text
          --ids                print only the effect ids, one a line
          --plugin-path PATH   search PATH first; repeatable
          --allow-unsafe-plugins  load plugin files others could have written (see effect-host --help)
          --no-cache           scan every plugin again instead of reading the scan cache
        """

    static let info = """
        usage: effect-host info EFFECT [--json] [--plugin-path PATH]...

        Shows an effect's params (type, default, range, unit, doc), its channels, its elements
        and how it ends or loops, with the numbers for default params.

          --json               print one JSON object instead of text
          --plugin-path PATH   search PATH first; repeatable
          --allow-unsafe-plugins  load plugin files others could have written (see effect-host --help)
          --no-cache           scan every plugin again instead of reading the scan cache
        """

    static let validate = """
        usage: effect-host validate PLUGIN.so... [--json] [--strict] [--seed N] [--timeout S]

        Checks each plugin against the effect ABI's contract, each check in a child process of
        its own, so a plugin that crashes, exits or hangs is reported and validate carries on.
        Every check reports pass, warn, fail or crash with a reason; the exit status is 1 if
        any check fails or crashes. A sample slower than 1 ms fails every check that samples,
        as "slow", before a long check could make the plugin look hung.

        checks: load, metadata, defaults, determinism, random-access, sweep, bad-input,
                events, loops, threads, isolation, strings, errors, overrun, stdout, draw,
                lifecycle, cost

          --json       print one JSON object instead of text
          --strict     count every warning as a failure (extra exported symbols, values
                       outside their declared ranges, channels without docs, allocations
                       while sampling)
          --seed N     the seed for randomised checks (printed with the results; reuse it
                       to reproduce a run)
          --timeout S  seconds one check may take before it counts as hung (default 60)
          --allow-unsafe-plugins  check plugin files others could have written (refused
                       otherwise; see effect-host --help)
        """

    static let run = """
        usage: effect-host run EFFECT [options]

        Plays an effect: live in the terminal, or as frames on stdout. Frames are sampled at
        t = 0, 1/fps, 2/fps, ... up to and including the end: for an effect that ends, the first
        frame at or after its end (and after its last --at event); for a looping effect, one
        entrance and one period unless --duration says otherwise.

          --param NAME=VALUE     set a param when the effect is created; repeatable
          --at T:NAME=VALUE      set a live param at time T seconds (an event); repeatable
          --fps N                frames per second (default 60; 0.1 to 1000)
          --duration S           play for S seconds instead
          --offline              sample t = i/fps as fast as possible instead of in real time
          --loop                 play until stopped: a looping effect goes on (breathe along);
                                 one that ends starts again after a 1 s hold; with --offline,
                                 until --duration
          --format FORMAT        tty (default on a terminal), jsonl (default otherwise) or csv
          --theme light|dark     draw the live view in this appearance, on the terminal's own
                                 background (default: the terminal's background decides)
          --plugin-path PATH     search PATH first; repeatable
          --allow-unsafe-plugins load plugin files others could have written (see effect-host --help)
          --no-cache             scan every plugin again instead of reading the scan cache

        The live view asks the terminal for its background colour (OSC 11), else reads
        COLORFGBG, and draws in the appearance that suits it, blended over that colour; when
        neither says, it paints the light ground the components are designed on.

        Values: numbers as 0.5, bools as true/false, enums by choice name, colours as #RRGGBB
        or #RRGGBBAA, and `none` to leave an optional param unset.

        jsonl prints one object per frame: {"t": ..., "channels": {...}, "elements": [{...}, ...]}
        ("elements" only when the effect has element channels). csv prints a header, then one
        row per frame, with element channels as name[i].

        examples:
          effect-host run strikethrough-reveal
          effect-host run strikethrough-reveal --at 1.2:done=false --format jsonl --offline
        """

    static let export = """
        usage: effect-host export EFFECT -o OUT [options]

        Writes the effect for other engines to play, drawn from its display list sampled over
        its whole timeline (its --at events baked in). OUT's extension says what:
          DIR          a web animation that plays on the browser's own clock, with no script:
                       DIR/index.html (the effect alone on a page), DIR/EFFECT.css (its
                       keyframes) and DIR/snippet.html (the markup to paste into another page
                       beside EFFECT.css); a new directory's name with a dot needs a trailing /
          FILE.json    Lottie 1.0: shape layers, text as its glyphs' outlines from the font it
                       was measured in, keyframes with bezier easing
          FILE.lottie  the same animation in a dotLottie archive (ZIP, deflated by zlib)
        Keyframes keep the web page within 0.2 px, 0.2 degrees and 0.002 opacity of the
        effect at every sample, and Lottie within 0.05 px. A looping effect's page plays its
        entrance once, then its period for ever; its Lottie file holds the entrance and one
        period, with markers naming them (--loop: the period alone, for players that loop
        the file), and an effect that ends holds its last frame. The web page also carries the effect's reduce_motion variant, shown under
        prefers-reduced-motion, and with --theme auto its dark look, shown under
        prefers-color-scheme: dark; the accessible name and value come from the effect's
        display strings. Setting --effect-play-state: paused on the effect's element (or an
        ancestor) pauses it.

          -o, --output OUT       where, and in what format (above)
          --param NAME=VALUE     set a param when the effect is created; repeatable
          --at T:NAME=VALUE      set a live param at time T seconds, baked into the
                                 timeline; repeatable
          --fps N                samples per second the keyframes are fitted to, and a Lottie
                                 file's frame rate (default 60; 0.1 to 1000; at most 3600
                                 samples in all)
          --loop                 Lottie: one seamless period of a looping effect
          --width W              the width offered to the effect's view, in points
                                 (default 432; 10 to 10000)
          --name NAME            the web page's class prefix (eh-NAME) and stylesheet
                                 (NAME.css), so two exports of one effect share a page
                                 (default: the effect's id)
          --theme auto|light|dark
                                 the looks exported: the web page's default auto holds both,
                                 chosen by the reader's colour scheme; Lottie has one (default
                                 light)
          --font FONT            a family (default Inter; DejaVu Sans when it is missing),
                                 a font file (copied beside the web page and named in its
                                 stylesheet), or reference for the ABI's reference metrics
                                 (the web page only: Lottie draws glyph outlines)
          --plugin-path PATH     search PATH first; repeatable
          --allow-unsafe-plugins load plugin files others could have written (see effect-host --help)
          --no-cache             scan every plugin again instead of reading the scan cache

        What a format cannot say is refused with the item named (a gradient that changes, text
        whose content changes, an item that moves between groups, a clip below the top level in
        Lottie) or said on stderr: Lottie has no saturation filter (it becomes keyframed
        colours) and no blur (left out). docs/export.md has the details.

        examples:
          effect-host export strikethrough-reveal -o strike-web
          effect-host export strikethrough-reveal --at 1.5:done=false -o strike-undo
          effect-host export strikethrough-reveal -o strike.json
          effect-host export breathing-circles --loop -o circles.lottie
        """

    static let render = """
        usage: effect-host render EFFECT -o OUT [options]

        Draws the effect's frames from its own display list (ABI 1.2's draw), as its
        component looks. OUT's extension says what is written:
          DIR                    numbered SVG frames (frame-00000.svg, ...; the directory is
                                 created if missing), or PNG frames with --format png; a
                                 new directory's name with a dot needs a trailing /
          FILE.svg, FILE.png     one still, at --time T
          FILE.html              a self-contained page (no network, no other files) that
                                 plays the frames at their fps, with play/pause, a scrubber
                                 showing t, and Loop (on for looping effects)
          FILE.gif               one palette for the whole animation, looping; at most 50 fps
          FILE.mp4               H.264, yuv420p, +faststart
          FILE.webm              VP9, with alpha when the background is transparent
          FILE.apng              RGBA, looping
        GIF, MP4, WebM and APNG are encoded by ffmpeg (Debian package ffmpeg), fed over a
        pipe. Frames are t = 0, 1/fps, ... as for run. Effects that do not draw themselves
        (plugins of ABI 1.0 or 1.1) are drawn as bars of their channels.

          -o, --output OUT       where, and in what format (above)
          --param NAME=VALUE     set a param when the effect is created; repeatable
          --at T:NAME=VALUE      set a live param at time T seconds (an event); repeatable
          --fps N                frames per second (default 30; 0.1 to 1000)
          --duration S           draw S seconds instead of the effect's own length
          --time T               a still's moment (default: the effect's end, or where its
                                 loop starts)
          --loop                 one seamless period of a looping effect, without its entrance
          --format svg|png       the frames written into a directory (default svg)
          --scale S              pixels per point for PNG, GIF and video (default 2; 0.1 to 16)
          --size WxH             the picture's size in pixels instead, the drawing fitted;
                                 at most 8192 a side either way
          --background COLOR     #RRGGBB[AA] or transparent (default: transparent for PNG,
                                 APNG and WebM; the appearance's ground, white or black,
                                 for SVG, HTML, GIF and MP4; MP4 cannot be transparent,
                                 and a transparent GIF keeps faint ink opaque)
          --font FONT            a family (default Inter; DejaVu Sans when it is missing),
                                 a font file, or reference for the ABI's reference metrics
          --text outlines|text   SVG text as glyph outlines, the same in every viewer, or as
                                 selectable text in the font named (default); pictures in
                                 pixels always draw outlines
          --width W              the width offered to the effect's view, in points, as a
                                 container would (text-reveal wraps to it; default 432)
          --theme light|dark     the appearance to draw in (default light)
          --plugin-path PATH     search PATH first; repeatable
          --allow-unsafe-plugins load plugin files others could have written (see effect-host --help)
          --no-cache             scan every plugin again instead of reading the scan cache

        Text is shaped and measured with HarfBuzz in the font found by fontconfig, at the
        weight each effect names. A page holds at most 20,000 frames (and 200 MB). In the
        page's URL, #t=1.25 opens it paused at 1.25 s and #t=1.25&bare shows the picture
        alone. Rendering into a directory replaces the frame files of its format already there; any other
        file is written under a temporary name and renamed into place, so an error or Ctrl-C
        leaves nothing under OUT. Past a second of work a progress bar shows on stderr when
        it is a terminal.

        examples:
          effect-host render strikethrough-reveal -o strike.gif
          effect-host render breathing-circles --loop -o circles.mp4
          effect-host render text-reveal --time 2 --background transparent -o reveal.png
        """

    static let plot = """
        usage: effect-host plot EFFECT -o FILE.svg|FILE.png [options]

        Charts the effect's channels against time: axes, ticks, labels and a legend; the
        phases of a discrete channel (breathing-circles' breathe in, hold, ...) as bands;
        a marker at each --at event. Values are sampled from the plugin at 240 points a
        second.

          -o, --output FILE      where to write the chart: .svg, or .png (2 pixels a point)
          --channels A,B,...     which channels (default: every global channel that moves, or
                                 element 0's if none does); element channels as NAME[i],
                                 e.g. progress[0]
          --elements I,J,...     the elements whose element channels to plot (default 0)
          --duration S           chart S seconds (default: the effect's own length)
          --param NAME=VALUE     set a param when the effect is created; repeatable
          --at T:NAME=VALUE      an event, marked on the chart; repeatable
          --plugin-path PATH     search PATH first; repeatable
          --allow-unsafe-plugins load plugin files others could have written (see effect-host --help)
          --no-cache             scan every plugin again instead of reading the scan cache

        examples:
          effect-host plot strikethrough-reveal --at 0.2:done=false -o strike.svg
          effect-host plot text-reveal --channels progress,offset_y --elements 0,3 -o units.svg
        """

    static let completions = """
        usage: effect-host completions bash|zsh|fish

        Prints a completion script for the shell: commands, each command's options, and effect
        ids (asked of `effect-host list --ids` as you type, so new plugins are offered too).

          bash:  source <(effect-host completions bash)      (or save it in bash-completion's directory)
          zsh:   source <(effect-host completions zsh)
          fish:  effect-host completions fish | source
        """

    static let man = """
        usage: effect-host man

        Prints the manual page, in roff, made from these help texts: read it with
        `effect-host man | man -l -`. scripts/install installs it as share/man/man1/effect-host.1.
        """
}
