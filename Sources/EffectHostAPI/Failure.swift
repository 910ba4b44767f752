import CEffect
import Glibc
import CEffectHost
import EffectExport
import EffectHost
import EffectRender
import MetadataRules

/// Why a host API call failed: the status it returns and the one line
/// it writes into the caller's effect_error.
struct Failure: Error {
    let status: Int32
    let message: String

    init(_ status: Int32, _ message: String) {
        (self.status, self.message) = (status, message)
    }

    static func null(_ what: String) -> Failure { Failure(EFFECT_ERR_NULL_POINTER, "\(what) is NULL") }

    /// Any error the host's libraries throw, as a status.
    init(_ error: any Error) {
        switch error {
        case let error as Failure: self = error
        case let error as EffectError: self.init(error.status, error.message)
        case let error as PluginLoadFailure: self.init(EFFECT_HOST_ERR_LOAD, error.description)
        case let error as FileError: self.init(EFFECT_HOST_ERR_IO, error.message)
        case let error as NativeError: self.init(EFFECT_HOST_ERR_MISSING, error.description)
        case let error as PlayerError: self.init(EFFECT_HOST_ERR_BUSY, error.description)
        case let error as ParamDescription.ParseError: self.init(EFFECT_ERR_RANGE, error.message)
        case let error as RecipeTextError:
            if case .unknownParam = error { self.init(EFFECT_ERR_UNKNOWN_PARAM, error.message) } else { self.init(EFFECT_ERR_RANGE, error.message) }
        case let error as RecipeError: self.init(error.effectError.status, error.message)
        case let error as RenderError:
            switch error.kind {
            case .tooLarge: self.init(EFFECT_HOST_ERR_TOO_MUCH, error.message)
            case .cancelled: self.init(EFFECT_HOST_ERR_CANCELLED, error.message)
            case .plugin: self.init(EFFECT_ERR_INTERNAL, error.message)
            case .unusableTarget: self.init(EFFECT_ERR_RANGE, error.message)
            case .failed:
                let missing = error.message == FFmpegEncoder.missing
                self.init(missing ? EFFECT_HOST_ERR_MISSING : EFFECT_HOST_ERR_IO, error.message)
            }
        case let error as TimeLimitError: self.init(error.status, error.message)
        case let error as PictureLimitError: self.init(EFFECT_ERR_RANGE, error.message)
        case let error as RunLengthError: self.init(EFFECT_HOST_ERR_TOO_MUCH, error.message)
        case let error as RenderConflict:
            switch error {
            case let .outOfLimits(limit): self.init(limit.status, error.message)
            case .outlinesNeedShapedFont: self.init(EFFECT_HOST_ERR_MISSING, error.message)
            case .tooManyFrames, .periodTooLong: self.init(EFFECT_HOST_ERR_TOO_MUCH, error.message)
            // More pixels than a canvas takes, as a scale reaching past it is (RenderError.tooLarge).
            case let .sizeOutOfRange(width, height, maximum) where width > maximum || height > maximum:
                self.init(EFFECT_HOST_ERR_TOO_MUCH, error.message)
            default: self.init(EFFECT_ERR_RANGE, error.message)
            }
        case let error as ExportRefusal:
            switch error {
            case let .outOfLimits(limit): self.init(limit.status, error.message)
            case .doesNotDraw: self.init(EFFECT_ERR_UNSUPPORTED, error.message)
            case .lottieNeedsShapedFont: self.init(EFFECT_HOST_ERR_MISSING, error.message)
            default: self.init(EFFECT_ERR_RANGE, error.message)
            }
        case let error as ExportError:
            switch error {
            case .tooManySamples, .cannotExpress: self.init(EFFECT_HOST_ERR_TOO_MUCH, error.description)
            case .endsInsteadOfLooping: self.init(EFFECT_ERR_RANGE, error.description)
            case .failed: self.init(EFFECT_HOST_ERR_IO, error.description)
            }
        default: self.init(EFFECT_ERR_INTERNAL, "\(error)")
        }
    }
}

/// Runs one API call: its status, with the message (or an empty one on
/// success) stored in the caller's effect_error when it has room.
func answer(_ error: UnsafeMutablePointer<effect_error>?, _ body: () throws -> Void) -> Int32 {
    let failure: Failure?
    do {
        try body()
        failure = nil
    } catch {
        failure = Failure(error)
    }
    if let error, error.pointee.struct_size >= MemoryLayout<effect_error>.size {
        error.pointee.status = failure?.status ?? EFFECT_OK
        withUnsafeMutableBytes(of: &error.pointee.message) { ErrorText.store(failure?.message ?? "", in: $0) }
    }
    return failure?.status ?? EFFECT_OK
}

/// An API call that makes an object: the caller's *out gets its handle,
/// and stays NULL when the call fails.
func answer<T: AnyObject>(
    _ error: UnsafeMutablePointer<effect_error>?, making out: UnsafeMutablePointer<OpaquePointer?>?, _ body: () throws -> T
) -> Int32 {
    out?.pointee = nil
    return answer(error) {
        guard let out else { throw Failure.null("out") }
        out.pointee = handle(try body())
    }
}

/// The caller's UTF-8 string, or the failure that says why not.
func text(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(Failure) -> String {
    guard let pointer else { throw .null(what) }
    guard let text = String(validatingCString: pointer) else { throw Failure(EFFECT_ERR_UTF8, "\(what) is not UTF-8 text") }
    return text
}

/// The caller's note callback as a function of a line (which does
/// nothing when the callback is NULL).
func noteFunction(_ callback: effect_host_note_fn?, _ context: UnsafeMutableRawPointer?) -> (String) -> Void {
    { line in
        guard let callback else { return }
        line.withCString { callback(context, $0) }
    }
}

/// A path a render or an export writes to: a file or a directory, not
/// empty and not a device or a pipe.
func outputPath(_ pointer: UnsafePointer<CChar>?) throws(Failure) -> String {
    let path = try text(pointer, "path")
    guard !path.isEmpty else { throw Failure(EFFECT_ERR_RANGE, "path is empty") }
    guard !Files.isSpecial(path) else { throw Failure(EFFECT_ERR_RANGE, "\(path) is a device or a pipe; renders and exports write files") }
    return path
}

/// An "in" options struct the caller filled, read as `CallerStruct` reads
/// one: all defaults for NULL, a struct_size below the struct's first size
/// refused, the fields past the caller's struct_size keeping `defaults`.
func options<T: OptionsStruct>(_ pointer: UnsafePointer<T>?, defaults: T, named name: String) throws(Failure) -> T {
    do {
        return try CallerStruct.read(pointer, defaults: defaults, firstSize: T.firstSize)
    } catch {
        throw Failure(EFFECT_ERR_STRUCT_SIZE, "\(name).struct_size is \(error.given), less than its size of \(error.firstSize) bytes")
    }
}

/// A handle's object, retained by the handle the caller holds.
func object<T: AnyObject>(_ pointer: OpaquePointer?, _ what: String) throws(Failure) -> T {
    guard let pointer else { throw .null(what) }
    return Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

func handle<T: AnyObject>(_ object: T) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(object).toOpaque())
}

func release<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type) {
    guard let pointer else { return }
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer)).release()
}

/// C strings a handle hands out, alive as long as the handle.
final class CStrings {
    private var kept: [UnsafeMutablePointer<CChar>] = []

    func keep(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        kept.append(copy)
        return UnsafePointer(copy)
    }

    deinit {
        for pointer in kept { free(pointer) }
    }
}

extension TimeLimitError {
    /// A moment is a time; a rate or a length, a range.
    var status: Int32 {
        if case .moment = self { EFFECT_ERR_TIME } else { EFFECT_ERR_RANGE }
    }
}
