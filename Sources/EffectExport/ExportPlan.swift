import EffectHost
import EffectRender

/// What an export writes, named by its path.
public enum ExportTarget: Equatable, Sendable {
    /// A directory holding a web page that plays with CSS alone.
    case web(String)
    /// A directory holding a web page that runs the effect itself: its
    /// plugin's WebAssembly build in the web host (`LivePage`).
    case live(String)
    /// Lottie JSON.
    case lottie(String)
    /// Lottie zipped as a dotLottie archive.
    case dotLottie(String)

    /// The target `path` names: FILE.json or FILE.lottie, or a directory
    /// (a path ending in /, without an extension, or an existing directory
    /// not named as Lottie); anything else is refused. `live`: the
    /// directory's page runs the effect itself.
    public init(path: String, live: Bool = false) throws(ExportRefusal) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let suffix = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() }
        let isLottie = suffix == "json" || suffix == "lottie"
        if path.hasSuffix("/") || suffix == nil || (Files.isDirectory(path) && !isLottie) {
            self = live ? .live(path) : .web(path)
        } else if let suffix, isLottie {
            guard !live else { throw .liveNeedsDirectory }
            guard name.count > suffix.count + 1 else { throw .lottieNeedsFileName(path, suffix: suffix) }
            self = suffix == "json" ? .lottie(path) : .dotLottie(path)
        } else {
            throw .unknownFormat(suffix: suffix ?? "")
        }
    }

    public var path: String {
        switch self {
        case let .web(path), let .live(path), let .lottie(path), let .dotLottie(path): path
        }
    }

    public var isLottie: Bool {
        switch self {
        case .web, .live: false
        case .lottie, .dotLottie: true
        }
    }
}

/// What an export asks for, in no front end's words.
public struct ExportRequest: Sendable {
    public let target: ExportTarget
    /// Samples a second.
    public let fps: Double
    /// Lottie: the repeating period alone.
    public let periodOnly: Bool
    /// The looks exported: a web page holds each, chosen by the reader's
    /// colour scheme; a Lottie file has one. nil: both for a page, light for Lottie.
    public let appearances: [Appearance]?
    /// A page's class prefix and stylesheet name; nil for the effect's id.
    public let name: String?
    /// The width offered to the effect's view, in points (`PictureLimits.proposedWidths`).
    public let proposedWidth: Double

    public init(
        target: ExportTarget, fps: Double = ExportSettings.defaultFPS, periodOnly: Bool = false, appearances: [Appearance]? = nil,
        name: String? = nil, proposedWidth: Double = ExportSettings.defaultWidth
    ) {
        (self.target, self.fps, self.periodOnly, self.appearances) = (target, fps, periodOnly, appearances)
        (self.name, self.proposedWidth) = (name, proposedWidth)
    }

    /// The looks exported, the default filled in.
    public var looks: [Appearance] { appearances ?? (target.isLottie ? [.light] : [.light, .dark]) }

    /// The first option the target cannot honour, if any.
    public func check() throws(ExportRefusal) {
        do {
            try TimeLimits.checkRate(fps)
        } catch {
            throw .outOfLimits(error)
        }
        do {
            try PictureLimits.checkProposedWidth(proposedWidth)
        } catch {
            throw .proposedWidth(error)
        }
        if periodOnly, !target.isLottie { throw .periodNeedsLottie }
        if target.isLottie, looks.count != 1 { throw .lottieHasOneLook }
        if let name {
            guard WebPage.isValidName(name) else { throw .invalidName(name) }
            guard case .web = target else { throw .nameNeedsWeb }
        }
        if case .live = target, appearances != nil { throw .liveFollowsScheme }
    }
}

/// Why an export cannot be made as asked.
public enum ExportRefusal: Error, Equatable, Sendable {
    case unknownFormat(suffix: String)
    /// ".json" or ".lottie" alone, with no name before it.
    case lottieNeedsFileName(String, suffix: String)
    case outOfLimits(TimeLimitError)
    /// A width outside `PictureLimits`.
    case proposedWidth(PictureLimitError)
    case periodNeedsLottie
    /// A page that runs the effect itself is a directory, not a Lottie file.
    case liveNeedsDirectory
    /// A page that runs the effect itself draws the reader's colour scheme, as it changes.
    case liveFollowsScheme
    /// A page that runs the effect itself needs the plugin's WebAssembly build and the web host.
    case liveNeedsWebBuild
    case lottieHasOneLook
    case invalidName(String)
    case nameNeedsWeb
    /// An effect from a plugin before ABI 1.2 has no display list to export.
    case doesNotDraw(effect: String, abiMinor: UInt32)
    /// Lottie draws text as glyph outlines, and the reference metrics have none.
    case lottieNeedsShapedFont

    /// One line, naming no front end's options.
    public var message: String {
        switch self {
        case let .unknownFormat(suffix):
            "cannot write .\(suffix) files: an export is a directory (a web page), FILE.json (Lottie) or FILE.lottie (dotLottie)"
        case let .lottieNeedsFileName(path, suffix): "\(path) needs a file name before .\(suffix)"
        case let .outOfLimits(error): error.message
        case let .proposedWidth(error): error.message
        case .periodNeedsLottie: "one period is a Lottie export; the web page plays the entrance, then loops the period by itself"
        case .liveNeedsDirectory: "a page that runs the effect itself is a directory, not a Lottie file"
        case .liveFollowsScheme: "a page that runs the effect itself draws the look of the reader's colour scheme, as it changes"
        case .liveNeedsWebBuild: "a page that runs the effect itself needs the plugin's WebAssembly build and the web host's scripts"
        case .lottieHasOneLook: "a Lottie file has one look: light or dark"
        case let .invalidName(name): "a page's name is a letter, then letters, digits, - or _ (at most 64), not '\(name)'"
        case .nameNeedsWeb: "a name is a CSS page's class prefix and stylesheet; a Lottie file is named by its path, a live page has none"
        case let .doesNotDraw(effect, minor):
            "\(effect) comes from an ABI 1.\(minor) plugin, which does not draw itself: export needs ABI 1.2 or later"
        case .lottieNeedsShapedFont:
            "Lottie text is drawn as glyph outlines, which needs a font shaped by HarfBuzz, not the reference metrics"
        }
    }
}

/// What an export does otherwise than asked, said once to whoever asked.
public enum ExportNote: Equatable, Sendable {
    /// A plugin before ABI 1.3 has its light look only: a Lottie file of it is light.
    case oneLook(effect: String)

    public var message: String {
        switch self {
        case let .oneLook(effect): "\(effect) comes from a plugin with one look; exporting its light look"
        }
    }
}

/// What an export wrote.
public enum ExportResult {
    case web(WebPage)
    case live(LivePage)
    case lottie(LottieFile)

    /// What the file leaves out that the effect draws, a line each.
    public var notes: [String] {
        if case let .lottie(file) = self { file.notes } else { [] }
    }
}

/// Everything an export of one instance decides, for every front end:
/// the request checked, that the effect draws, the look a Lottie file
/// takes, the reduced-motion variant a page carries.
public struct ExportPlan {
    public let request: ExportRequest
    public let instance: EffectInstance
    public let settings: ExportSettings
    /// The looks drawn: a one-look plugin's Lottie file is light.
    public let looks: [Appearance]
    /// What to tell whoever asked.
    public let notes: [ExportNote]

    /// Checks `request` and the effect, sampled past `lastEvent` (the latest event set on `instance`).
    public init(_ request: ExportRequest, instance: EffectInstance, lastEvent: Double) throws(ExportRefusal) {
        try request.check()
        guard instance.plugin.canDraw else { throw .doesNotDraw(effect: instance.effect.id, abiMinor: instance.plugin.info.abiMinor) }
        (self.request, self.instance) = (request, instance)
        settings = ExportSettings(fps: request.fps, proposedWidth: request.proposedWidth, lastEvent: lastEvent)
        // A page of a one-look plugin keeps its one variant itself (WebPage).
        looks = request.target.isLottie ? request.looks.map(instance.drawnAppearance) : request.looks
        notes = looks == request.looks ? [] : [.oneLook(effect: instance.effect.id)]
    }

    /// The param a page's reduced-motion variant turns on, and its value:
    /// a web page of an effect with a bool `reduce_motion` carries one.
    public var reducedMotion: (name: String, value: Value)? {
        guard case .web = request.target, instance.effect.param(named: "reduce_motion")?.type == .bool else { return nil }
        return ("reduce_motion", .bool(true))
    }

    /// Writes the target, its text measured (and, for Lottie, outlined) in
    /// `fonts`; `fontFile`, a font file copied beside a page;
    /// `reducedMotion`, the instance made again with `reducedMotion` set;
    /// `live`, for a page that runs the effect itself: the params and
    /// events the instance was made with, and the files it loads.
    public func write(
        fonts: FontBook?, fontFile: String?, reducedMotion: EffectInstance?, live: (recipe: InstanceRecipe, build: WebBuild)? = nil
    ) throws -> ExportResult {
        switch request.target {
        case let .live(directory):
            guard let live else { throw ExportRefusal.liveNeedsWebBuild }
            let page = try LivePage(
                effect: instance.effect, params: live.recipe.params, events: live.recipe.events, build: live.build,
                width: request.proposedWidth)
            try page.write(into: directory)
            return .live(page)
        case let .web(directory):
            let page = try WebPage(
                motion: instance, reducedMotion: reducedMotion, appearances: looks, fonts: fonts, settings: settings, name: request.name,
                fontFile: fontFile)
            try page.write(into: directory)
            return .web(page)
        case let .lottie(path), let .dotLottie(path):
            guard let fonts else { throw ExportRefusal.lottieNeedsShapedFont }
            let file = try LottieFile(
                instance, fonts: fonts, appearance: looks[0], settings: settings, periodOnly: request.periodOnly,
                archived: request.target == .dotLottie(path))
            try file.write(to: path)
            return .lottie(file)
        }
    }
}
