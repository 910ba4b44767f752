import EffectExport
import EffectRender
import EffectHost

/// One command-line option, declared once: its names, the value it takes,
/// its help and what completes its value. The parser, `--help`, the shell
/// completions and the man page all read these declarations.
struct Option: Sendable {
    enum Completion: Equatable, Sendable {
        case none
        case files
        case words([String])
    }

    /// Every name, short first: ["-o", "--output"].
    let names: [String]
    /// What the value is called in help ("OUT"); nil for a flag.
    let value: String?
    var help: String
    var completion: Completion = .none
    /// For the program's own use: parsed, but left out of help and completions.
    var hidden = false
    /// A number option's values, and its value when not given: what its
    /// help says and what `Arguments.number` holds it to.
    var range: ClosedRange<Double>?
    var defaultNumber: Double?

    init(_ names: String..., value: String? = nil, help: String, completion: Completion = .none, hidden: Bool = false) {
        self.names = names
        self.value = value
        self.help = help
        self.completion = completion
        self.hidden = hidden
    }

    /// The same option with another help text (run's --fps is frames to play, export's samples to fit).
    func explained(_ help: String) -> Option {
        var option = self
        option.help = help
        return option
    }

    /// The same option taking a number in `range`, `defaultNumber` when not given.
    func numbers(_ range: ClosedRange<Double>, default defaultNumber: Double? = nil) -> Option {
        var option = self
        (option.range, option.defaultNumber) = (range, defaultNumber)
        return option
    }

    /// Its numbers in words: "0.1 to 1000", or "more than 0 to 1000000000"
    /// for a range that starts just above 0.
    var rangeText: String? {
        range.map { range in
            let low = range.lowerBound > 0 && range.lowerBound < 1e-6 ? "more than 0" : formatNumber(range.lowerBound)
            return "\(low) to \(formatNumber(range.upperBound))"
        }
    }

    /// What its help says of its numbers: "default 60; 0.1 to 1000".
    var numbersText: String? {
        rangeText.map { (defaultNumber.map { "default \(formatNumber($0)); " } ?? "") + $0 }
    }

    /// The name the code asks the parse for.
    var name: String { names[names.count - 1] }
}

/// The options several commands share.
extension Option {
    static let pluginPath = Option("--plugin-path", value: "PATH", help: "search PATH first; repeatable", completion: .files)
    static let allowUnsafe = Option(
        "--allow-unsafe-plugins", help: "load plugin files others could have written (see effect-host --help)")
    static let noCache = Option("--no-cache", help: "scan every plugin again instead of reading the scan cache")
    static let json = Option("--json", help: "print one JSON object instead of text")
    static let param = Option("--param", value: "NAME=VALUE", help: "set a param when the effect is created; repeatable")
    static let at = Option("--at", value: "T:NAME=VALUE", help: "set a live param at time T seconds (an event); repeatable")
    static let fps = Option("--fps", value: "N", help: "frames per second")
    static let duration = Option("--duration", value: "S", help: "play for S seconds instead").numbers(1e-9...TimeLimits.longestDuration)
    static let output = Option("-o", "--output", value: "OUT", help: "where, and in what format (above)", completion: .files)
    static let width = Option("--width", value: "W", help: "the width offered to the effect's view, in points, as a container would")
        .numbers(PictureLimits.proposedWidths, default: ExportSettings.defaultWidth)
    static let font = Option(
        "--font", value: "FONT",
        help: "a family (default Inter; DejaVu Sans when it is missing), a font file, or reference for the ABI's reference metrics")
    static let theme = Option("--theme", value: "light|dark", help: "the appearance to draw in", completion: .words(["light", "dark"]))
    static let loop = Option("--loop", help: "one seamless period of a looping effect")

    /// The options of every command that loads plugins from the search path.
    static let loading: [Option] = [pluginPath, allowUnsafe, noCache]
}
