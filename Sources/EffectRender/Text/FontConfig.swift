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

    init(_ library: DynamicLibrary) throws(NativeError) {
        parse = try library.function("FcNameParse")
        substitute = try library.function("FcConfigSubstitute")
        defaultSubstitute = try library.function("FcDefaultSubstitute")
        match = try library.function("FcFontMatch")
        getString = try library.function("FcPatternGetString")
        getInteger = try library.function("FcPatternGetInteger")
        destroy = try library.function("FcPatternDestroy")
        weightFromOpenType = try library.function("FcWeightFromOpenType")
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
        // Family names may hold the characters fontconfig's name syntax uses.
        var escaped = ""
        for character in family {
            if "\\-:,".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        let fcWeight = weightFromOpenType(Int32(min(1000, max(1, weight.rounded()))))
        guard let pattern = parse("\(escaped):weight=\(fcWeight)") else { return nil }
        defer { destroy(pattern) }
        // FcMatchPattern: the substitutions a request gets.
        _ = substitute(nil, pattern, 0)
        defaultSubstitute(pattern)
        var result: Int32 = 0
        guard let found = match(nil, pattern, &result) else { return nil }
        defer { destroy(found) }
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
