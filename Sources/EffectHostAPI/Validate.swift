import CEffect
import CEffectHost
import EffectHost
import EffectValidate
import MetadataRules

/// A validation report, its strings kept for the caller.
final class ReportBox {
    let report: ValidationReport
    let checks: [effect_host_check_result]
    let json: UnsafePointer<CChar>
    private let strings = CStrings()

    init(_ report: ValidationReport) {
        self.report = report
        let strings = self.strings
        checks = report.plugins.flatMap { plugin in
            plugin.checks.map { check, result in
                effect_host_check_result(
                    struct_size: UInt32(MemoryLayout<effect_host_check_result>.size), reserved: 0, path: strings.keep(plugin.path),
                    check: strings.keep(check.rawValue), status: strings.keep(result.status.rawValue),
                    reason: strings.keep(ErrorText.oneLine(result.reason)))
            }
        }
        json = strings.keep(report.json.text(indent: "  "))
    }
}

@_cdecl("effect_host_validate")
public func effect_host_validate(
    _ paths: UnsafePointer<UnsafePointer<CChar>?>?, _ count: UInt32, _ optionsPointer: UnsafePointer<effect_host_validate_options>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        guard count == 0 || paths != nil else { throw Failure.null("paths") }
        // A report of no checks would read as a pass.
        guard count > 0 else { throw Failure(EFFECT_ERR_RANGE, "validation needs one or more plugin files; path_count is 0") }
        let files = try (0..<Int(count)).map { index throws(Failure) in try text(paths![index], "paths[\(index)]") }
        var defaults = effect_host_validate_options()
        defaults.struct_size = UInt32(MemoryLayout<effect_host_validate_options>.size)
        let given = try options(optionsPointer, defaults: defaults, named: "effect_host_validate_options")
        let known = EFFECT_HOST_VALIDATE_STRICT | EFFECT_HOST_VALIDATE_ALLOW_UNSAFE
        guard given.flags & ~known == 0 else { throw Failure(EFFECT_ERR_RANGE, "unknown flags 0x\(String(given.flags & ~known, radix: 16))") }
        guard given.timeout.isFinite, given.timeout >= 0, given.timeout <= 3600 else {
            throw Failure(EFFECT_ERR_RANGE, "timeout is 0 (the default) to 3600 seconds, not \(given.timeout)")
        }
        let worker = try worker()
        let validator = Validator(
            seed: given.seed == 0 ? 1 : given.seed, timeout: given.timeout == 0 ? Validator.defaultTimeout : given.timeout,
            strict: given.flags & EFFECT_HOST_VALIDATE_STRICT != 0, allowUnsafe: given.flags & EFFECT_HOST_VALIDATE_ALLOW_UNSAFE != 0,
            worker: worker)
        return ReportBox(validator.validate(files))
    }
}

@_cdecl("effect_host_report_failed")
public func effect_host_report_failed(_ report: OpaquePointer?) -> Int32 {
    guard let box: ReportBox = try? object(report, "report") else { return 0 }
    return box.report.failed ? 1 : 0
}

@_cdecl("effect_host_report_check_count")
public func effect_host_report_check_count(_ report: OpaquePointer?) -> UInt32 {
    guard let box: ReportBox = try? object(report, "report") else { return 0 }
    return UInt32(box.checks.count)
}

@_cdecl("effect_host_report_check")
public func effect_host_report_check(
    _ report: OpaquePointer?, _ index: UInt32, _ out: UnsafeMutablePointer<effect_host_check_result>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: ReportBox = try object(report, "report")
        guard let out else { throw Failure.null("out") }
        guard Int(index) < box.checks.count else {
            throw Failure(EFFECT_ERR_INDEX, "check \(index) is past the report's \(box.checks.count)")
        }
        let given = Int(out.pointee.struct_size)
        let size = MemoryLayout<effect_host_check_result>.size
        guard given >= size else { throw Failure(EFFECT_ERR_STRUCT_SIZE, "effect_host_check_result.struct_size is \(given), less than \(size)") }
        out.pointee = box.checks[Int(index)]
    }
}

@_cdecl("effect_host_report_json")
public func effect_host_report_json(_ report: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let box: ReportBox = try? object(report, "report") else { return nil }
    return box.json
}

@_cdecl("effect_host_report_free")
public func effect_host_report_free(_ report: OpaquePointer?) {
    release(report, as: ReportBox.self)
}
