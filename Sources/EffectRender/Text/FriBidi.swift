import EffectHost

/// The Unicode Bidirectional Algorithm (UAX #9) from GNU FriBidi
/// (libfribidi.so.0), loaded at run time: each character's embedding
/// level, from which runs of one direction and their visual order follow.
struct FriBidi: @unchecked Sendable {
    /// FriBidiParType: the paragraph's direction, or "from its first strong character".
    static let leftToRight: UInt32 = 0x110
    static let rightToLeft: UInt32 = 0x111
    static let fromText: UInt32 = 0x40

    private let bidiTypes: @convention(c) (UnsafePointer<UInt32>?, Int32, UnsafeMutablePointer<UInt32>?) -> Void
    private let bracketTypes: @convention(c) (UnsafePointer<UInt32>?, Int32, UnsafePointer<UInt32>?, UnsafeMutablePointer<UInt32>?) -> Void
    private let levels: @convention(c) (
        UnsafePointer<UInt32>?, UnsafePointer<UInt32>?, Int32, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<Int8>?
    ) -> Int8

    private let joiningTypes: @convention(c) (UnsafePointer<UInt32>?, Int32, UnsafeMutablePointer<UInt8>?) -> Void
    private let joinArabic: @convention(c) (UnsafePointer<UInt32>?, Int32, UnsafePointer<Int8>?, UnsafeMutablePointer<UInt8>?) -> Void
    private let shape: @convention(c) (UInt32, UnsafePointer<Int8>?, Int32, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Void

    /// FriBidiFlags for `fribidi_shape`: mirrored brackets, Arabic presentation forms.
    private static let shapeMirroring: UInt32 = 0x1
    private static let shapeArabicPresentationForms: UInt32 = 0x100

    init(_ library: DynamicLibrary) throws(NativeError) {
        bidiTypes = try library.function("fribidi_get_bidi_types")
        bracketTypes = try library.function("fribidi_get_bracket_types")
        levels = try library.function("fribidi_get_par_embedding_levels_ex")
        joiningTypes = try library.function("fribidi_get_joining_types")
        joinArabic = try library.function("fribidi_join_arabic")
        shape = try library.function("fribidi_shape")
    }

    static let shared: Result<FriBidi, NativeError> = {
        do throws(NativeError) {
            return .success(try FriBidi(DynamicLibrary(["libfribidi.so.0"], package: "libfribidi0")))
        } catch {
            return .failure(error)
        }
    }()

    /// The embedding level of each of `scalars` (odd: right to left) and
    /// the paragraph's own level, for a paragraph whose direction is
    /// `direction`; nil when FriBidi fails (it only does out of memory).
    func embeddingLevels(_ scalars: [UInt32], direction: UInt32 = fromText) -> (levels: [UInt8], paragraph: UInt8)? {
        let count = Int32(scalars.count)
        guard count > 0 else { return ([], direction == Self.rightToLeft ? 1 : 0) }
        var types = [UInt32](repeating: 0, count: scalars.count)
        var brackets = [UInt32](repeating: 0, count: scalars.count)
        var result = [Int8](repeating: 0, count: scalars.count)
        var paragraph = direction
        bidiTypes(scalars, count, &types)
        bracketTypes(scalars, count, types, &brackets)
        guard levels(types, brackets, count, &paragraph, &result) > 0 else { return nil }
        return (result.map { UInt8(max(0, $0)) }, paragraph & 1 == 1 ? 1 : 0)
    }

    /// `scalars` as a text terminal shows them, which lays out no bidi and
    /// joins no letters: each scalar's level, brackets mirrored in
    /// right-to-left runs, and Arabic letters turned into the presentation
    /// form their neighbours join them in (one for one: no ligatures, so
    /// every letter keeps its cell). Nil when FriBidi fails.
    func forTerminal(_ scalars: [UInt32]) -> (scalars: [UInt32], levels: [UInt8])? {
        let count = Int32(scalars.count)
        guard count > 0 else { return ([], []) }
        var types = [UInt32](repeating: 0, count: scalars.count)
        var brackets = [UInt32](repeating: 0, count: scalars.count)
        var result = [Int8](repeating: 0, count: scalars.count)
        var joining = [UInt8](repeating: 0, count: scalars.count)
        var paragraph = Self.fromText
        bidiTypes(scalars, count, &types)
        bracketTypes(scalars, count, types, &brackets)
        guard levels(types, brackets, count, &paragraph, &result) > 0 else { return nil }
        joiningTypes(scalars, count, &joining)
        joinArabic(types, count, result, &joining)
        var shaped = scalars
        shape(Self.shapeMirroring | Self.shapeArabicPresentationForms, result, count, &joining, &shaped)
        return (shaped, result.map { UInt8(max(0, $0)) })
    }

    /// A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko …, their presentation forms, and the historic scripts of the
    /// SMP's right-to-left ranges): without one, nothing in a text runs
    /// right to left, and FriBidi need not be asked (Chinese and Japanese
    /// text, above Hebrew in code points, skips it too).
    static func isRightToLeftLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x1_0800...0x1_0FFF, 0x1_E800...0x1_EFFF: true
        default: false
        }
    }

    /// Whether `text`, as a paragraph of its own, runs right to left: its
    /// first strong letter is (UAX #9 P2 and P3), as the text stack lays
    /// out a run. False without FriBidi, as the text stack then lays out.
    static func isRightToLeft(_ text: String) -> Bool {
        guard text.unicodeScalars.contains(where: isRightToLeftLetter), case let .success(bidi) = shared else {
            return false
        }
        return bidi.embeddingLevels(text.unicodeScalars.map(\.value))?.paragraph == 1
    }
}
