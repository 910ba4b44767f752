import EffectHost

/// Finding font files by family and weight with fontconfig
/// (libfontconfig.so.1), loaded at run time.
struct FontConfig: @unchecked Sendable {
    private let parse: @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    private let substitute: @convention(c) (OpaquePointer?, OpaquePointer?, Int32) -> Int32
    private let defaultSubstitute: @convention(c) (OpaquePointer?) -> Void
    private let match: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<Int32>) -> OpaquePointer?
    private let getString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32
    private let getInteger: @convention(c) (OpaquePointer?, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    private let destroy: @convention(c) (OpaquePointer?) -> Void
    private let weightFromOpenType: @convention(c) (Int32) -> Int32
    private let sort: @convention(c) (OpaquePointer?, OpaquePointer?, Int32, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?
    fileprivate let fontSetDestroy: @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let getCharSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<OpaquePointer?>) -> Int32
    fileprivate let charSetHasChar: @convention(c) (OpaquePointer?, UInt32) -> Int32
    private let getBool: @convention(c) (OpaquePointer?, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32

    init(_ library: DynamicLibrary) throws(NativeError) {
        parse = try library.function("FcNameParse")
        substitute = try library.function("FcConfigSubstitute")
        defaultSubstitute = try library.function("FcDefaultSubstitute")
        match = try library.function("FcFontMatch")
        getString = try library.function("FcPatternGetString")
        getInteger = try library.function("FcPatternGetInteger")
        destroy = try library.function("FcPatternDestroy")
        weightFromOpenType = try library.function("FcWeightFromOpenType")
        sort = try library.function("FcFontSort")
        fontSetDestroy = try library.function("FcFontSetDestroy")
        getCharSet = try library.function("FcPatternGetCharSet")
        charSetHasChar = try library.function("FcCharSetHasChar")
        getBool = try library.function("FcPatternGetBool")
    }

    static let shared: Result<FontConfig, NativeError> = {
        do throws(NativeError) {
            return .success(try FontConfig(DynamicLibrary(["libfontconfig.so.1"], package: "libfontconfig1")))
        } catch {
            return .failure(error)
        }
    }()

    /// What fontconfig picked for a request.
    struct Match: Equatable {
        let file: String
        let index: Int
        let family: String
    }

    /// The file fontconfig picks for `family` at CSS `weight` (100 ... 900).
    /// fontconfig always answers with some font: `family` says which.
    func match(family: String, weight: Double) -> Match? {
        guard let pattern = request(family: family, weight: weight) else { return nil }
        defer { destroy(pattern) }
        var result: Int32 = 0
        guard let found = match(nil, pattern, &result) else { return nil }
        defer { destroy(found) }
        return describe(found)
    }

    /// Every installed font in the order fontconfig prefers them for
    /// `family` at `weight`, each with the characters it has: where a
    /// character the first font lacks is looked for, as browsers and Pango
    /// do. Trimmed: a font that adds no character to those before it is left out.
    func fallbacks(family: String, weight: Double) -> FallbackList? {
        guard let pattern = request(family: family, weight: weight) else { return nil }
        defer { destroy(pattern) }
        var result: Int32 = 0
        guard let set = sort(nil, pattern, 1, nil, &result) else { return nil }
        let header = set.assumingMemoryBound(to: Int32.self)
        let count = Int(header[0])
        let patterns = set.advanced(by: 8).load(as: UnsafeMutablePointer<OpaquePointer?>?.self)
        var fonts: [FallbackList.Font] = []
        for index in 0..<count {
            guard let pattern = patterns?[index], let match = describe(pattern) else { continue }
            var charset: OpaquePointer?
            guard getCharSet(pattern, "charset", 0, &charset) == 0, let charset else { continue }
            var color: Int32 = 0
            if getBool(pattern, "color", 0, &color) != 0 { color = 0 }
            fonts.append(FallbackList.Font(match: match, charset: charset, color: color != 0))
        }
        return FallbackList(fonts: fonts, set: set, config: self)
    }

    /// A request for `family` at `weight`, with the substitutions any request gets.
    private func request(family: String, weight: Double) -> OpaquePointer? {
        // Family names may hold the characters fontconfig's name syntax uses.
        var escaped = ""
        for character in family {
            if "\\-:,".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        let fcWeight = weightFromOpenType(Int32(min(1000, max(1, weight.rounded()))))
        guard let pattern = parse("\(escaped):weight=\(fcWeight)") else { return nil }
        // FcMatchPattern: the substitutions a request gets.
        _ = substitute(nil, pattern, 0)
        defaultSubstitute(pattern)
        return pattern
    }

    private func describe(_ found: OpaquePointer) -> Match? {
        func string(_ key: String) -> String? {
            var value: UnsafeMutablePointer<UInt8>?
            guard getString(found, key, 0, &value) == 0, let value else { return nil }
            return String(cString: value)
        }
        var index: Int32 = 0
        if getInteger(found, "index", 0, &index) != 0 { index = 0 }
        guard let file = string("file") else { return nil }
        return Match(file: file, index: Int(index), family: string("family") ?? "")
    }
}

/// fontconfig's sorted fonts for one request, kept with their character
/// sets (which live as long as the list).
final class FallbackList: @unchecked Sendable {
    struct Font {
        let match: FontConfig.Match
        fileprivate let charset: OpaquePointer
        /// A colour font (emoji).
        let color: Bool
    }

    let fonts: [Font]
    private let set: UnsafeMutableRawPointer
    private let config: FontConfig

    fileprivate init(fonts: [Font], set: UnsafeMutableRawPointer, config: FontConfig) {
        (self.fonts, self.set, self.config) = (fonts, set, config)
    }

    deinit { config.fontSetDestroy(set) }

    func has(_ font: Font, _ scalar: UInt32) -> Bool { config.charSetHasChar(font.charset, scalar) != 0 }
}
