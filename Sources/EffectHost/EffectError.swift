import CEffect

/// A plugin call that failed: the plugin's status and its message.
public struct EffectError: Error, Sendable, CustomStringConvertible {
    public let status: Int32
    public let message: String

    public init(status: Int32, message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }

    /// Whether the plugin refused what it was given (a name, type, value or
    /// time), as opposed to failing by itself.
    public var isRefusal: Bool {
        [
            EFFECT_ERR_UNKNOWN_EFFECT, EFFECT_ERR_UNKNOWN_PARAM, EFFECT_ERR_TYPE, EFFECT_ERR_RANGE, EFFECT_ERR_UTF8,
            EFFECT_ERR_TIME, EFFECT_ERR_NOT_LIVE, EFFECT_ERR_DUPLICATE,
        ].contains(status)
    }

    /// The status code's name in effect.h.
    public var statusName: String { Self.name(of: status) }

    public static func name(of status: Int32) -> String {
        switch status {
        case EFFECT_OK: "EFFECT_OK"
        case EFFECT_ERR_NULL_POINTER: "EFFECT_ERR_NULL_POINTER"
        case EFFECT_ERR_STRUCT_SIZE: "EFFECT_ERR_STRUCT_SIZE"
        case EFFECT_ERR_INDEX: "EFFECT_ERR_INDEX"
        case EFFECT_ERR_UNKNOWN_EFFECT: "EFFECT_ERR_UNKNOWN_EFFECT"
        case EFFECT_ERR_UNKNOWN_PARAM: "EFFECT_ERR_UNKNOWN_PARAM"
        case EFFECT_ERR_TYPE: "EFFECT_ERR_TYPE"
        case EFFECT_ERR_RANGE: "EFFECT_ERR_RANGE"
        case EFFECT_ERR_UTF8: "EFFECT_ERR_UTF8"
        case EFFECT_ERR_TIME: "EFFECT_ERR_TIME"
        case EFFECT_ERR_BUFFER: "EFFECT_ERR_BUFFER"
        case EFFECT_ERR_NOT_LIVE: "EFFECT_ERR_NOT_LIVE"
        case EFFECT_ERR_DUPLICATE: "EFFECT_ERR_DUPLICATE"
        case EFFECT_ERR_OUT_OF_MEMORY: "EFFECT_ERR_OUT_OF_MEMORY"
        case EFFECT_ERR_INTERNAL: "EFFECT_ERR_INTERNAL"
        case EFFECT_ERR_UNSUPPORTED: "EFFECT_ERR_UNSUPPORTED"
        default: "status \(status)"
        }
    }
}

/// A plugin file that could not be used, and why.
public struct PluginLoadFailure: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// Where on the search path the path came from, for a path that is
    /// not there at all.
    public let origin: SearchPath.Origin?
    /// The file was refused by PluginTrust, not opened: a host may offer
    /// its override.
    public let refusedAsUnsafe: Bool

    public init(path: String, reason: String, origin: SearchPath.Origin? = nil, refusedAsUnsafe: Bool = false) {
        self.path = path
        self.reason = reason
        self.origin = origin
        self.refusedAsUnsafe = refusedAsUnsafe
    }

    public var description: String { "\(path): \(reason)" }
}

/// Where `call` puts the error struct it hands a plugin: by default a
/// fresh one on the stack. A validation worker installs a source of
/// structs that each end where an inaccessible page begins, so a plugin
/// that writes past one is caught and named at once instead of corrupting
/// the stack (and dying later of SIGABRT, far from the cause).
public enum ErrorStructs {
    /// Answers the calling thread's struct, or nil for the stack.
    nonisolated(unsafe) public static var source: (() -> UnsafeMutablePointer<effect_error>?)?
}

/// Calls the plugin's `function` with a fresh error buffer and turns a
/// failing status into an EffectError carrying the plugin's own message.
func call(_ function: StaticString, _ body: (UnsafeMutablePointer<effect_error>) -> Int32) throws(EffectError) {
    if let source = ErrorStructs.source, let error = source() {
        try call(function, with: error, body)
        return
    }
    var error = effect_error()
    try call(function, with: &error, body)
}

private func call(
    _ function: StaticString, with error: UnsafeMutablePointer<effect_error>, _ body: (UnsafeMutablePointer<effect_error>) -> Int32
) throws(EffectError) {
    error.pointee = effect_error()
    error.pointee.struct_size = UInt32(MemoryLayout<effect_error>.size)
    let status = RunningCall.during(function) { body(error) }
    guard status != EFFECT_OK else { return }
    var message = withUnsafeBytes(of: &error.pointee.message) { bytes in
        PluginString.read(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), limit: bytes.count) ?? ""
    }
    if message.isEmpty { message = "the plugin failed with \(EffectError.name(of: status))" }
    throw EffectError(status: status, message: message)
}
