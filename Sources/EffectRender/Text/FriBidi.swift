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

    init(_ library: DynamicLibrary) throws(NativeError) {
        bidiTypes = try library.function("fribidi_get_bidi_types")
        bracketTypes = try library.function("fribidi_get_bracket_types")
        levels = try library.function("fribidi_get_par_embedding_levels_ex")
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
}
