/// The runs a host's measurer has answered during one draw. A view sizes
/// and then renders its text, and a stack asks its children their sizes
/// at no width, at full width and at what it offers (a word at no width is
/// measured a character at a time), so one draw measures the same run up
/// to a dozen times. A measurer answers the same for the same run within a
/// draw (effect.h), so its answers are kept, in memory the draw's caller
/// lends (its stack): a draw allocates nothing. Runs are told apart by
/// their string's address, which a `CString` keeps for the instance's life.
struct RecentMeasures {
    struct Entry {
        var text: UnsafePointer<CChar>
        var font: Font
        var tracking: Double
        var metrics: TextMetrics
    }

    /// As many as fit the 1,024 bytes `withUnsafeTemporaryAllocation`
    /// keeps on the stack (past them it allocates): 18. Once all are taken
    /// the first answers stay, so a layout that walks more runs than that,
    /// pass after pass, still finds those.
    static let capacity = 1024 / MemoryLayout<Entry>.stride

    private let storage: UnsafeMutableBufferPointer<Entry>
    private var count = 0

    /// Keeps answers in `storage`, whose contents may be uninitialised.
    init(storage: UnsafeMutableBufferPointer<Entry>) {
        self.storage = storage
    }

    /// Keeps nothing: for draws measured with the reference metrics.
    static var none: RecentMeasures { RecentMeasures(storage: UnsafeMutableBufferPointer(start: nil, count: 0)) }

    func metrics(_ text: CString, _ font: Font, _ tracking: Double) -> TextMetrics? {
        let pointer = text.pointer
        for index in 0..<count {
            let entry = storage[index]
            if entry.text == pointer, entry.font == font, entry.tracking == tracking { return entry.metrics }
        }
        return nil
    }

    mutating func keep(_ metrics: TextMetrics, for text: CString, _ font: Font, _ tracking: Double) {
        guard count < storage.count, let base = storage.baseAddress else { return }
        (base + count).initialize(to: Entry(text: text.pointer, font: font, tracking: tracking, metrics: metrics))
        count += 1
    }
}
