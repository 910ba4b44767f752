import Glibc

/// An errno in words, the same in every message. C's strerror is used but
/// for ELOOP, whose "Too many levels of symbolic links" hides that the path
/// goes round in a circle, which is what a user must fix.
public enum SystemError {
    public static func reason(_ code: Int32) -> String {
        code == ELOOP ? "a symbolic link loop" : String(cString: strerror(code))
    }
}
