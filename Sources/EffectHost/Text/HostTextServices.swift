import CEffect

/// What this host offers every plugin it creates an instance of (effect.h's
/// host text services): ICU's word segmenter and line breaker. One struct
/// serves every instance, and lives as long as the process.
public enum HostTextServices {
    /// The struct handed to create_with_services (written once, then only read).
    nonisolated(unsafe) public static let pointer: UnsafePointer<effect_host_services> = {
        let services = UnsafeMutablePointer<effect_host_services>.allocate(capacity: 1)
        services.initialize(
            to: effect_host_services(
                struct_size: UInt32(MemoryLayout<effect_host_services>.size), reserved: 0, segment: segment,
                segment_context: nil, reserved2: 0))
        return UnsafePointer(services)
    }()

    /// Why words in scripts without spaces cannot be found here, or nil
    /// when they can: ICU is missing or too old.
    public static var unavailable: String? {
        if case let .failure(error) = ICUBreaks.shared { return error.description }
        return nil
    }

    /// The segmenter, as an effect_segment_fn: ICU loads on first use,
    /// which is only for text in a script written without spaces.
    private static let segment: effect_segment_fn = { _, text, length, flags in
        guard let text, let flags, length < UInt64(Int32.max) else { return EFFECT_ERR_NULL_POINTER }
        guard case let .success(icu) = ICUBreaks.shared else { return EFFECT_ERR_UNSUPPORTED }
        return icu.segment(text, count: Int(length), into: flags) ? EFFECT_OK : EFFECT_ERR_INTERNAL
    }
}
