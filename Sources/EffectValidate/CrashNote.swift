import EffectHost
import Glibc

/// In a validate worker, as the plugin crashes: a line naming the plugin
/// call it crashed in, which the parent adds to the crash it reports
/// ("signal 11 (Segmentation fault) during sample"). The process still
/// dies of its signal, so the parent sees the signal as it was.
enum CrashNote {
    /// Marks the note among the worker's output lines.
    static let mark = "during\t"
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    /// The mark and the line's end as C strings made at install: the
    /// handler may not allocate (a crash may be inside malloc), and a
    /// Swift string passed to write() can.
    nonisolated(unsafe) private static var markBytes: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var newline: UnsafeMutablePointer<CChar>?

    static func install(writingTo descriptor: Int32) {
        self.descriptor = descriptor
        markBytes = strdup(mark)
        newline = strdup("\n")
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in CrashNote.noteAndDie(number) }
        sigemptyset(&action.sa_mask)
        for number in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT] { sigaction(number, &action, nil) }
    }

    /// Writes the note (a signal handler may only write), then dies of
    /// `number` as if no handler were installed.
    static func noteAndDie(_ number: Int32) {
        if descriptor >= 0, let call = RunningCall.pointer, let markBytes, let newline {
            _ = write(descriptor, markBytes, strlen(markBytes))
            _ = write(descriptor, call, strlen(call))
            _ = write(descriptor, newline, 1)
        }
        signal(number, SIG_DFL)
        raise(number)
    }

    /// The call a worker's output names, if it wrote a note.
    static func call(in output: String) -> String? {
        output.split(separator: "\n").last { $0.hasPrefix(mark) }.map { String($0.dropFirst(mark.count)) }
    }
}
