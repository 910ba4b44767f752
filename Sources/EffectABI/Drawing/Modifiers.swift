/// A drawing inside one group item: SwiftUI's scaleEffect, rotationEffect,
/// offset, opacity, saturation, blur and clipShape. Modifiers that commute
/// with the rest (opacity, saturation, and an offset, which moves last)
/// join the group they are applied to; the others open a group of their
/// own, whose id, unless given, is the inner group's plus 2^30.
public struct Grouped<Content: Drawing>: Drawing {
    @usableFromInline let content: Content
    @usableFromInline var id: DrawID
    @usableFromInline var opacity = 1.0
    @usableFromInline var saturation = 1.0
    @usableFromInline var blur = 0.0
    @usableFromInline var scale = (x: 1.0, y: 1.0)
    @usableFromInline var rotation = 0.0
    @usableFromInline var anchor = UnitPoint.center
    @usableFromInline var offset = Point.zero
    #if hasFeature(Embedded)
    /// Embedded Swift has no existentials of non-class protocols.
    @usableFromInline var clip: ((Rect) -> Outline)?
    #else
    @usableFromInline var clip: (any ShapeOutline)?
    #endif

    @inlinable
    init(_ content: Content, id: DrawID?) {
        self.content = content
        self.id = id ?? content.derivedGroupID
    }

    @inlinable
    public var derivedGroupID: DrawID { id + 0x4000_0000 }

    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        content.sizeThatFits(proposal, in: &canvas)
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        var effects = GroupEffects()
        effects.opacity = opacity
        effects.saturation = saturation
        effects.blur = blur
        effects.transform.anchor = frame.point(at: anchor)
        effects.transform.scaleX = scale.x
        effects.transform.scaleY = scale.y
        effects.transform.rotation = rotation
        effects.transform.translate = offset
        #if hasFeature(Embedded)
        let clipOutline = clip?(frame)
        #else
        let clipOutline = clip?.outline(in: frame)
        #endif
        if let clipOutline {
            switch clipOutline {
            case let .rect(rect): effects.clip = .rect(rect)
            case let .roundedRect(rect, radius): effects.clip = .roundedRect(rect, cornerRadius: radius)
            case let .capsule(rect): effects.clip = .capsule(rect)
            case let .ellipse(rect): effects.clip = .ellipse(rect)
            case .path: effects.clip = .rect(frame)
            }
        }
        canvas.group(id, effects) { canvas in content.render(in: frame, on: &canvas) }
    }

    @inlinable
    public func opacity(_ value: Double, id: DrawID? = nil) -> Grouped<Content> {
        var copy = self
        copy.opacity *= value
        if let id { copy.id = id }
        return copy
    }

    @inlinable
    public func saturation(_ value: Double, id: DrawID? = nil) -> Grouped<Content> {
        var copy = self
        copy.saturation *= value
        if let id { copy.id = id }
        return copy
    }

    @inlinable
    public func offset(x: Double = 0, y: Double = 0, id: DrawID? = nil) -> Grouped<Content> {
        var copy = self
        copy.offset.x += x
        copy.offset.y += y
        if let id { copy.id = id }
        return copy
    }
}

extension Drawing {
    @inlinable
    public func opacity(_ value: Double, id: DrawID? = nil) -> Grouped<Self> {
        var group = Grouped(self, id: id)
        group.opacity = value
        return group
    }

    @inlinable
    public func saturation(_ value: Double, id: DrawID? = nil) -> Grouped<Self> {
        var group = Grouped(self, id: id)
        group.saturation = value
        return group
    }

    /// SwiftUI's blur(radius:).
    @inlinable
    public func blur(radius: Double, id: DrawID? = nil) -> Grouped<Self> {
        var group = Grouped(self, id: id)
        group.blur = radius
        return group
    }

    @inlinable
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center, id: DrawID? = nil) -> Grouped<Self> {
        scaleEffect(x: scale, y: scale, anchor: anchor, id: id)
    }

    @inlinable
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center, id: DrawID? = nil) -> Grouped<Self> {
        var group = Grouped(self, id: id)
        group.scale = (x, y)
        group.anchor = anchor
        return group
    }

    /// SwiftUI's rotationEffect(.degrees(_:), anchor:): clockwise on screen.
    @inlinable
    public func rotationEffect(degrees: Double, anchor: UnitPoint = .center, id: DrawID? = nil) -> Grouped<Self> {
        var group = Grouped(self, id: id)
        group.rotation = degrees
        group.anchor = anchor
        return group
    }

    @inlinable
    public func offset(x: Double = 0, y: Double = 0, id: DrawID? = nil) -> Grouped<Self> {
        var group = Grouped(self, id: id)
        group.offset = Point(x: x, y: y)
        return group
    }

    /// SwiftUI's clipShape: only what falls inside the shape, in this
    /// drawing's frame, shows.
    @inlinable
    public func clipShape<S: ShapeOutline>(_ shape: S, id: DrawID? = nil) -> Grouped<Self> {
        var group = Grouped(self, id: id)
        #if hasFeature(Embedded)
        group.clip = { shape.outline(in: $0) }
        #else
        group.clip = shape
        #endif
        return group
    }
}
