/// A run of text in one font, measured by the host: SwiftUI's Text with a
/// font, a foreground colour and tracking. Its size is its measured
/// advance by its line's height; it sits on its baseline inside that box.
public struct Text: Drawing {
    public let string: CString
    /// The text as lines and words, when it may take more than one row.
    public let paragraph: Paragraph?
    public let font: Font
    public let color: RGBA
    public let tracking: Double
    public let id: DrawID
    /// Where a paragraph's rows break, when `lineBreaks(atTracking:width:)`
    /// fixed them: as they would at that tracking in that width.
    public let breaks: (tracking: Double, width: Double?)?

    /// Part of a string drawn as one run (ABI 1.6), on one line: SwiftUI's
    /// `Text(text.prefix(n))` is `Text(typed.prefix(n), …)` with `typed` a
    /// `ClusteredString` made at create. Nil for all of `string`.
    public let run: CString.Run?

    /// One run of text, on one line whatever the width offered.
    @inlinable
    public init(_ string: CString, font: Font, color: RGBA, tracking: Double = 0, id: DrawID) {
        self.init(string: string, paragraph: nil, font: font, color: color, tracking: tracking, id: id)
    }

    /// Part of a string (a `ClusteredString`'s prefix, say), on one line.
    /// Its plugin needs a 1.6 host: one of 1.5 would draw the whole string.
    @inlinable
    public init(_ run: CString.Run, font: Font, color: RGBA, tracking: Double = 0, id: DrawID) {
        self.init(string: run.string, paragraph: nil, font: font, color: color, tracking: tracking, id: id, run: run)
    }

    /// Text that breaks lines where it has line breaks and wraps at its
    /// spaces to the width offered, as SwiftUI's Text does. Its first run
    /// has `id`; run k (from 0, in reading order) has `id + k · 0x10000`.
    @inlinable
    public init(_ paragraph: Paragraph, font: Font, color: RGBA, tracking: Double = 0, id: DrawID) {
        self.init(string: paragraph.firstLine, paragraph: paragraph, font: font, color: color, tracking: tracking, id: id)
    }

    @usableFromInline
    init(
        string: CString, paragraph: Paragraph?, font: Font, color: RGBA, tracking: Double, id: DrawID,
        breaks: (tracking: Double, width: Double?)? = nil, run: CString.Run? = nil
    ) {
        (self.string, self.paragraph, self.font, self.color, self.tracking, self.id) = (string, paragraph, font, color, tracking, id)
        self.breaks = breaks
        self.run = run
    }

    /// The same text with its rows broken where they would be at
    /// `tracking` in `width` (nil: at its line breaks alone), whatever its
    /// own tracking and the width offered: text whose tracking animates
    /// keeps its rows instead of rewrapping as it moves. Its size is those
    /// rows' at its own tracking, which may be wider than `width`.
    @inlinable
    public func lineBreaks(atTracking tracking: Double, width: Double?) -> Text {
        Text(
            string: string, paragraph: paragraph, font: font, color: color, tracking: self.tracking, id: id,
            breaks: (tracking, width), run: run)
    }

    /// The id of a paragraph's run `index`.
    @inlinable
    public func runID(_ index: Int) -> DrawID { id + index &* 0x1_0000 }

    @inlinable
    public var derivedGroupID: DrawID { DrawID(id.value | 0x8000_0000) }

    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        if let paragraph {
            return paragraph.layout(
                width: breaks.map { $0.width } ?? proposal.width, font: font, tracking: tracking, breakTracking: breaks?.tracking,
                on: &canvas
            ).size
        }
        let metrics = run.map { canvas.measure($0, font: font, tracking: tracking) } ?? canvas.measure(string, font: font, tracking: tracking)
        return Size(width: metrics.advance, height: metrics.height)
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        if let paragraph {
            // Fixed rows break in their own width, not the frame's (which is their size at this tracking).
            let (width, breakTracking) = breaks.map { ($0.width, $0.tracking) } ?? (frame.width, nil)
            let size = paragraph.layout(width: width, font: font, tracking: tracking, breakTracking: breakTracking, on: &canvas).size
            let top = frame.minY + (frame.height - size.height) / 2
            _ = paragraph.layout(width: width, font: font, tracking: tracking, breakTracking: breakTracking, on: &canvas) { run, canvas in
                let x = run.direction.x(leading: run.x, width: run.metrics.advance, in: frame.width)
                let baseline = Point(x: frame.minX + x, y: top + Double(run.row) * (run.metrics.height) + run.metrics.ascent)
                canvas.text(runID(run.index), run.text, at: baseline, font: font, tracking: tracking, color: color, metrics: run.metrics)
            }
            return
        }
        if let run {
            let metrics = canvas.measure(run, font: font, tracking: tracking)
            let top = frame.minY + (frame.height - metrics.height) / 2
            canvas.text(
                id, run, at: Point(x: frame.minX, y: top + metrics.ascent), font: font, tracking: tracking, color: color,
                metrics: metrics)
            return
        }
        let metrics = canvas.measure(string, font: font, tracking: tracking)
        let top = frame.minY + (frame.height - metrics.height) / 2
        canvas.text(
            id, string, at: Point(x: frame.minX, y: top + metrics.ascent), font: font, tracking: tracking, color: color,
            metrics: metrics)
    }
}

/// A shape's outline in a frame, as SwiftUI's Shape: it takes whatever
/// size it is offered (10 × 10 when offered none, as SwiftUI does).
public protocol ShapeOutline: Sendable {
    func outline(in frame: Rect) -> Outline
}

public struct Rectangle: ShapeOutline {
    @inlinable
    public init() {}
    @inlinable
    public func outline(in frame: Rect) -> Outline { .rect(frame) }
}

public struct RoundedRectangle: ShapeOutline {
    public let cornerRadius: Double
    /// SwiftUI's `.continuous` corners are drawn as circular ones of the
    /// same radius (the ABI has only those).
    @inlinable
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    @inlinable
    public func outline(in frame: Rect) -> Outline { .roundedRect(frame, cornerRadius: cornerRadius) }
}

public struct Capsule: ShapeOutline {
    @inlinable
    public init() {}
    @inlinable
    public func outline(in frame: Rect) -> Outline { .capsule(frame) }
}

public struct Ellipse: ShapeOutline {
    @inlinable
    public init() {}
    @inlinable
    public func outline(in frame: Rect) -> Outline { .ellipse(frame) }
}

/// The largest circle centred in the frame.
public struct Circle: ShapeOutline {
    @inlinable
    public init() {}
    @inlinable
    public func outline(in frame: Rect) -> Outline {
        let side = min(frame.width, frame.height)
        return .ellipse(
            Rect(x: frame.minX + (frame.width - side) / 2, y: frame.minY + (frame.height - side) / 2, width: side, height: side))
    }
}

/// A path in its own coordinates, drawn from its frame's top-leading
/// corner, as a SwiftUI Path is. Its segments are built with the model.
public struct Path: ShapeOutline {
    public let segments: [PathSegment]
    @inlinable
    public init(_ segments: [PathSegment]) { self.segments = segments }
    @inlinable
    public func outline(in frame: Rect) -> Outline { .path(segments, offset: frame.origin) }
}

/// A filled or stroked shape: `Capsule().fill(color, id: ...)`.
public struct ShapeView<S: ShapeOutline>: Drawing {
    public let shape: S
    public let fill: Paint?
    public let stroke: (color: RGBA, style: StrokeStyle)?
    public let trim: (from: Double, to: Double)
    public let id: DrawID

    @inlinable
    init(shape: S, fill: Paint?, stroke: (color: RGBA, style: StrokeStyle)?, trim: (from: Double, to: Double), id: DrawID) {
        self.shape = shape
        self.fill = fill
        self.stroke = stroke
        self.trim = trim
        self.id = id
    }

    @inlinable
    public var derivedGroupID: DrawID { DrawID(id.value | 0x8000_0000) }

    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        canvas.shape(id, shape.outline(in: frame), fill: fill, stroke: stroke, trim: trim)
    }
}

/// A shape with its trim, before it is filled or stroked.
public struct TrimmedShape<S: ShapeOutline>: Sendable {
    public let shape: S
    public let trim: (from: Double, to: Double)

    @inlinable
    init(shape: S, trim: (from: Double, to: Double)) {
        self.shape = shape
        self.trim = trim
    }

    @inlinable
    public func stroke(_ color: RGBA, style: StrokeStyle, id: DrawID) -> ShapeView<S> {
        ShapeView(shape: shape, fill: nil, stroke: (color, style), trim: trim, id: id)
    }

    @inlinable
    public func fill(_ paint: Paint, id: DrawID) -> ShapeView<S> {
        ShapeView(shape: shape, fill: paint, stroke: nil, trim: trim, id: id)
    }
}

extension ShapeOutline {
    @inlinable
    public func fill(_ paint: Paint, id: DrawID) -> ShapeView<Self> {
        ShapeView(shape: self, fill: paint, stroke: nil, trim: (0, 1), id: id)
    }

    @inlinable
    public func fill(_ color: RGBA, id: DrawID) -> ShapeView<Self> { fill(.color(color), id: id) }

    @inlinable
    public func stroke(_ color: RGBA, style: StrokeStyle, id: DrawID) -> ShapeView<Self> {
        ShapeView(shape: self, fill: nil, stroke: (color, style), trim: (0, 1), id: id)
    }

    /// SwiftUI's trim(from:to:): only that part of the outline is drawn.
    @inlinable
    public func trim(from start: Double = 0, to end: Double = 1) -> TrimmedShape<Self> {
        TrimmedShape(shape: self, trim: (start, end))
    }
}

/// Vertical placement of a row's children, as SwiftUI's VerticalAlignment.
public enum VerticalAlignment: Sendable {
    case top, center, bottom

    @inlinable
    func offset(_ child: Double, in row: Double) -> Double {
        switch self {
        case .top: 0
        case .center: (row - child) / 2
        case .bottom: row - child
        }
    }
}

/// Children side by side at their ideal sizes, `spacing` apart, as
/// SwiftUI's HStack does when none of them is flexible.
public struct HStack<Content: Drawing>: Drawing {
    public let alignment: VerticalAlignment
    public let spacing: Double
    /// `.rightToLeft` lays the children out from the right, first child
    /// rightmost, as SwiftUI's HStack does in a right-to-left layout.
    public let direction: LayoutDirection
    public let content: Content

    @inlinable
    public init(
        alignment: VerticalAlignment = .center, spacing: Double, direction: LayoutDirection = .leftToRight,
        @DrawingBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.direction = direction
        self.content = content()
    }

    /// How a width is divided among the children, as SwiftUI's HStack
    /// divides it: when their ideal widths fit, each is offered nothing and
    /// takes its ideal; otherwise a child that cannot be narrower (a fixed
    /// frame, one line of text) keeps its width and the others share the
    /// rest equally (text wraps to its share).
    @usableFromInline struct Division {
        @usableFromInline let fits: Bool
        @usableFromInline let share: Double

        @inlinable
        init(_ width: Double?, _ stack: HStack, in canvas: inout Canvas) {
            let count = stack.content.childCount
            var ideal = 0.0
            var rigid = 0.0
            var flexible = 0
            for index in 0..<count {
                let width = stack.content.childSize(index, .unspecified, in: &canvas).width
                ideal += width
                if stack.isRigid(index, idealWidth: width, in: &canvas) { rigid += width } else { flexible += 1 }
            }
            let spacing = stack.spacing * Double(max(0, count - 1))
            guard let width, ideal + spacing > width, flexible > 0 else {
                (fits, share) = (true, 0)
                return
            }
            (fits, share) = (false, max(0, (width - spacing - rigid) / Double(flexible)))
        }
    }

    @inlinable
    func isRigid(_ index: Int, idealWidth: Double, in canvas: inout Canvas) -> Bool {
        content.childSize(index, ProposedSize(width: 0, height: nil), in: &canvas).width >= idealWidth
    }

    @inlinable
    func childSize(_ index: Int, _ division: Division, in canvas: inout Canvas) -> Size {
        let ideal = content.childSize(index, .unspecified, in: &canvas)
        if division.fits || isRigid(index, idealWidth: ideal.width, in: &canvas) { return ideal }
        return content.childSize(index, ProposedSize(width: division.share, height: nil), in: &canvas)
    }

    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        let division = Division(proposal.width, self, in: &canvas)
        var size = Size.zero
        let count = content.childCount
        for index in 0..<count {
            let child = childSize(index, division, in: &canvas)
            size.width += child.width + (index > 0 ? spacing : 0)
            size.height = max(size.height, child.height)
        }
        return size
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        let division = Division(frame.width, self, in: &canvas)
        var row = Size.zero
        for index in 0..<content.childCount {
            let child = childSize(index, division, in: &canvas)
            row.width += child.width + (index > 0 ? spacing : 0)
            row.height = max(row.height, child.height)
        }
        let start = frame.minX + (frame.width - row.width) / 2
        var leading = 0.0
        for index in 0..<content.childCount {
            let child = childSize(index, division, in: &canvas)
            let x = start + direction.x(leading: leading, width: child.width, in: row.width)
            let y = frame.minY + (frame.height - row.height) / 2 + alignment.offset(child.height, in: row.height)
            content.renderChild(index, in: Rect(x: x, y: y, width: child.width, height: child.height), on: &canvas)
            leading += child.width + spacing
        }
    }
}

/// A fixed frame around a drawing, as SwiftUI's frame(width:height:
/// alignment:): the drawing is offered the frame's size and placed in it.
/// `widthFraction` sizes the frame as a fraction of the width offered
/// (a GeometryReader's `size.width * a`).
public struct Framed<Content: Drawing>: Drawing {
    @usableFromInline let content: Content
    @usableFromInline let width: Double?
    @usableFromInline let widthFraction: Double?
    @usableFromInline let height: Double?
    @usableFromInline let alignment: UnitPoint

    @inlinable
    init(content: Content, width: Double?, widthFraction: Double?, height: Double?, alignment: UnitPoint) {
        self.content = content
        self.width = width
        self.widthFraction = widthFraction
        self.height = height
        self.alignment = alignment
    }

    @inlinable
    public var derivedGroupID: DrawID { content.derivedGroupID }

    @inlinable
    func resolved(_ proposal: ProposedSize) -> ProposedSize {
        let w = width ?? widthFraction.map { $0 * (proposal.width ?? 0) } ?? proposal.width
        return ProposedSize(width: w, height: height ?? proposal.height)
    }

    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        let offered = resolved(proposal)
        if let w = offered.width, let h = offered.height, width != nil || widthFraction != nil, height != nil {
            return Size(width: w, height: h)
        }
        let inner = content.sizeThatFits(offered, in: &canvas)
        return Size(width: (width != nil || widthFraction != nil) ? offered.width ?? inner.width : inner.width,
                    height: height ?? inner.height)
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        let inner = content.sizeThatFits(ProposedSize(frame.size), in: &canvas)
        let x = frame.minX + (frame.width - inner.width) * alignment.x
        let y = frame.minY + (frame.height - inner.height) * alignment.y
        content.render(in: Rect(x: x, y: y, width: inner.width, height: inner.height), on: &canvas)
    }
}

/// A drawing with another drawn over (or under) it in its frame, as
/// SwiftUI's overlay and background: the second is offered the first's
/// size and aligned in its frame.
public struct Layered<Base: Drawing, Layer: Drawing>: Drawing {
    @usableFromInline let base: Base
    @usableFromInline let layer: Layer
    @usableFromInline let alignment: UnitPoint
    @usableFromInline let layerOnTop: Bool

    @inlinable
    init(base: Base, layer: Layer, alignment: UnitPoint, layerOnTop: Bool) {
        self.base = base
        self.layer = layer
        self.alignment = alignment
        self.layerOnTop = layerOnTop
    }

    @inlinable
    public var derivedGroupID: DrawID { base.derivedGroupID }

    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        base.sizeThatFits(proposal, in: &canvas)
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        if layerOnTop { base.render(in: frame, on: &canvas) }
        let size = layer.sizeThatFits(ProposedSize(frame.size), in: &canvas)
        let x = frame.minX + (frame.width - size.width) * alignment.x
        let y = frame.minY + (frame.height - size.height) * alignment.y
        layer.render(in: Rect(x: x, y: y, width: size.width, height: size.height), on: &canvas)
        if !layerOnTop { base.render(in: frame, on: &canvas) }
    }
}

extension Drawing {
    @inlinable
    public func frame(width: Double? = nil, height: Double? = nil, alignment: UnitPoint = .center) -> Framed<Self> {
        Framed(content: self, width: width, widthFraction: nil, height: height, alignment: alignment)
    }

    /// A frame `fraction` of the offered width wide.
    @inlinable
    public func frame(widthFraction fraction: Double, height: Double? = nil, alignment: UnitPoint = .center)
        -> Framed<Self>
    {
        Framed(content: self, width: nil, widthFraction: fraction, height: height, alignment: alignment)
    }

    @inlinable
    public func overlay<L: Drawing>(alignment: UnitPoint = .center, @DrawingBuilder _ layer: () -> L) -> Layered<Self, L> {
        Layered(base: self, layer: layer(), alignment: alignment, layerOnTop: true)
    }

    @inlinable
    public func background<L: Drawing>(alignment: UnitPoint = .center, @DrawingBuilder _ layer: () -> L)
        -> Layered<Self, L>
    {
        Layered(base: self, layer: layer(), alignment: alignment, layerOnTop: false)
    }
}
