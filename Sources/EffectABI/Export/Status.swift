import CEffect

/// The ABI's status codes, as Swift constants.
public enum Status {
    public static let ok: Int32 = EFFECT_OK
    public static let nullPointer: Int32 = EFFECT_ERR_NULL_POINTER
    public static let structSize: Int32 = EFFECT_ERR_STRUCT_SIZE
    public static let index: Int32 = EFFECT_ERR_INDEX
    public static let unknownEffect: Int32 = EFFECT_ERR_UNKNOWN_EFFECT
    public static let unknownParam: Int32 = EFFECT_ERR_UNKNOWN_PARAM
    public static let type: Int32 = EFFECT_ERR_TYPE
    public static let range: Int32 = EFFECT_ERR_RANGE
    public static let utf8: Int32 = EFFECT_ERR_UTF8
    public static let time: Int32 = EFFECT_ERR_TIME
    public static let buffer: Int32 = EFFECT_ERR_BUFFER
    public static let notLive: Int32 = EFFECT_ERR_NOT_LIVE
    public static let duplicate: Int32 = EFFECT_ERR_DUPLICATE
    public static let outOfMemory: Int32 = EFFECT_ERR_OUT_OF_MEMORY
    public static let `internal`: Int32 = EFFECT_ERR_INTERNAL
    public static let unsupported: Int32 = EFFECT_ERR_UNSUPPORTED
}

extension EffectFailure {
    static func null(_ what: String) -> EffectFailure {
        EffectFailure(status: Status.nullPointer, "\(what) is NULL")
    }

    static let badUTF8 = EffectFailure(status: Status.utf8, "a string is not valid UTF-8")

    static func structTooSmall(_ name: String, _ given: UInt32, _ needed: Int) -> EffectFailure {
        EffectFailure(status: Status.structSize, "\(name).struct_size is \(given); it must be at least \(needed)")
    }
}
