/// Reads a caller's C string, refusing NULL and invalid UTF-8.
func readString(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(EffectFailure) -> String {
    guard let pointer else { throw .null(what) }
    guard let string = String(validatingCString: pointer) else {
        throw EffectFailure(status: Status.utf8, "\(what) is not valid UTF-8")
    }
    return string
}

/// A value as it reads in a message.
func describe(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// A list of names as it reads in a message.
func nameList(_ names: [String]) -> String {
    names.joined(separator: ", ")
}
