import EffectHost
import Glibc

/// A chart of channels against time, as SVG: one panel per channel with
/// its own y axis (channels differ in range and unit), a shared time axis,
/// a legend, bands for discrete channels and markers for events.
///
/// Every panel carries its mapping as data attributes (data-t0, data-t1,
/// data-x, data-width, data-y, data-height, data-min, data-max), so a
/// reader can turn any point back into (t, value).
public struct Chart {
    public struct Series {
        public let name: String
        public let unit: String
        /// The channel's name: series of one channel share a panel.
        public let panel: String
        public let values: [Double]

        public init(name: String, unit: String, panel: String, values: [Double]) {
            (self.name, self.unit, self.panel, self.values) = (name, unit, panel, values)
        }
    }

    public struct Band {
        public let start: Double
        public let end: Double
        public let label: String
        public let value: Int

        public init(start: Double, end: Double, label: String, value: Int) {
            (self.start, self.end, self.label, self.value) = (start, end, label, value)
        }
    }

    public struct Marker {
        public let t: Double
        public let label: String

        public init(t: Double, label: String) { (self.t, self.label) = (t, label) }
    }

    public let title: String
    public let times: [Double]
    public let series: [Series]
    public let bands: [(channel: String, bands: [Band])]
    public let markers: [Marker]

    public init(title: String, times: [Double], series: [Series], bands: [(channel: String, bands: [Band])], markers: [Marker]) {
        (self.title, self.times, self.series, self.bands, self.markers) = (title, times, series, bands, markers)
    }

    public static let width = 880.0
    public static let left = 84.0
    public static let right = 24.0
    public static let panelHeight = 132.0
    public static let panelGap = 30.0
    public static let palette = ["#2f6fd6", "#d9532b", "#1f9d6b", "#8e44ad", "#c9a100", "#16a3b8", "#b83262", "#5a6473"]
    public static let bandColors = ["#e7f4ff", "#fff2d9", "#eaf7ea", "#f5eaf7", "#f0f0f0", "#fde8e8"]

    private var panels: [String] {
        series.reduce(into: [String]()) { names, series in
            if !names.contains(series.panel) { names.append(series.panel) }
        }
    }

    /// Where the first panel starts: below the title and the legend.
    private var top: Double { 44 + (Double(series.count) / 4).rounded(.up) * 18 }

    /// The chart's height in points (its width is `Chart.width`).
    public var height: Double { top + Double(max(1, panels.count)) * (Self.panelHeight + Self.panelGap) + 30 }

    public func svg() -> String {
        let n = SVG.number
        let t0 = times.first ?? 0
        let t1 = max(times.last ?? 1, t0 + 1e-9)
        let plotWidth = Self.width - Self.left - Self.right
        let panels = self.panels
        let top = self.top
        func x(_ t: Double) -> Double { Self.left + (t - t0) / (t1 - t0) * plotWidth }

        var body = "<text x=\"\(n(Self.left))\" y=\"24\" font-family=\"\(DisplayListSVG.fontFamily)\" font-size=\"15\" "
        body += "font-weight=\"600\" fill=\"#1d1d1f\">\(SVG.escape(title))</text>"
        body += "<g id=\"legend\" font-family=\"\(DisplayListSVG.fontFamily)\" font-size=\"12\" fill=\"#333\">"
        for (index, item) in series.enumerated() {
            let lx = Self.left + Double(index % 4) * 190
            let ly = 40 + Double(index / 4) * 18
            body += "<rect x=\"\(n(lx))\" y=\"\(n(ly - 9))\" width=\"14\" height=\"3\" fill=\"\(color(index))\"/>"
            body += "<text x=\"\(n(lx + 20))\" y=\"\(n(ly - 4))\">\(SVG.escape(item.name))</text>"
        }
        body += "</g>"

        let timeTicks = Self.ticks(from: t0, to: t1, about: 8)
        for (panelIndex, panel) in panels.enumerated() {
            let y0 = top + Double(panelIndex) * (Self.panelHeight + Self.panelGap)
            let members = series.enumerated().filter { $0.element.panel == panel }
            let all = members.flatMap { $0.element.values }
            var low = all.min() ?? 0
            var high = all.max() ?? 1
            if high - low < 1e-12 {
                low -= 0.5
                high += 0.5
            } else {
                let margin = (high - low) * 0.06
                low -= margin
                high += margin
            }
            func y(_ v: Double) -> Double { y0 + (1 - (v - low) / (high - low)) * Self.panelHeight }
            body += "<g class=\"panel\" data-channel=\"\(SVG.escape(panel))\" data-t0=\"\(n(t0))\" data-t1=\"\(n(t1))\" "
            body += "data-x=\"\(n(Self.left))\" data-width=\"\(n(plotWidth))\" data-y=\"\(n(y0))\" "
            body += "data-height=\"\(n(Self.panelHeight))\" data-min=\"\(low)\" data-max=\"\(high)\">"
            body += "<rect x=\"\(n(Self.left))\" y=\"\(n(y0))\" width=\"\(n(plotWidth))\" height=\"\(n(Self.panelHeight))\" fill=\"#fff\" stroke=\"#ccc\"/>"
            // Each discrete channel gets a strip of its own, so none hides another.
            let strip = Self.panelHeight / Double(max(1, bands.count))
            for (stripIndex, (channel, bands)) in bands.enumerated() {
                let top = y0 + Double(stripIndex) * strip
                for band in bands {
                    body += "<rect class=\"band\" data-band=\"\(SVG.escape(channel))\" x=\"\(n(x(band.start)))\" y=\"\(n(top))\" "
                    body += "width=\"\(n(max(0, x(band.end) - x(band.start))))\" height=\"\(n(strip))\" "
                    body += "fill=\"\(Self.bandColors[band.value % Self.bandColors.count])\"/>"
                    if panelIndex == 0, x(band.end) - x(band.start) > 40 {
                        body += "<text x=\"\(n(x(band.start) + 4))\" y=\"\(n(top + 12))\" font-family=\"\(DisplayListSVG.fontFamily)\" "
                        body += "font-size=\"10\" fill=\"#666\">\(SVG.escape(band.label))</text>"
                    }
                }
            }
            // Grid and value ticks.
            let valueTicks = Self.ticks(from: low, to: high, about: 4)
            for tick in valueTicks.values {
                body += "<line x1=\"\(n(Self.left))\" x2=\"\(n(Self.left + plotWidth))\" y1=\"\(n(y(tick)))\" y2=\"\(n(y(tick)))\" stroke=\"#eee\"/>"
                body += "<text x=\"\(n(Self.left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\" font-family=\"\(DisplayListSVG.fontFamily)\" "
                body += "font-size=\"11\" fill=\"#555\">\(SVG.escape(Self.label(tick, places: valueTicks.places)))</text>"
            }
            for tick in timeTicks.values {
                body += "<line x1=\"\(n(x(tick)))\" x2=\"\(n(x(tick)))\" y1=\"\(n(y0 + Self.panelHeight))\" y2=\"\(n(y0 + Self.panelHeight + 4))\" stroke=\"#888\"/>"
                body += "<text x=\"\(n(x(tick)))\" y=\"\(n(y0 + Self.panelHeight + 16))\" text-anchor=\"middle\" "
                body += "font-family=\"\(DisplayListSVG.fontFamily)\" font-size=\"11\" fill=\"#555\">\(SVG.escape(Self.label(tick, places: timeTicks.places)))</text>"
            }
            let unit = members.first.map { $0.element.unit } ?? ""
            let axisLabel = panel + (unit.isEmpty ? "" : " (\(unit))")
            body += "<text transform=\"translate(\(n(18)) \(n(y0 + Self.panelHeight / 2))) rotate(-90)\" text-anchor=\"middle\" "
            body += "font-family=\"\(DisplayListSVG.fontFamily)\" font-size=\"12\" fill=\"#333\">\(SVG.escape(axisLabel))</text>"
            for (index, item) in members {
                let points = zip(times, item.values).map { "\(n(x($0))),\(n(y($1)))" }.joined(separator: " ")
                body += "<polyline class=\"series\" data-series=\"\(SVG.escape(item.name))\" fill=\"none\" "
                body += "stroke=\"\(color(index))\" stroke-width=\"1.6\" stroke-linejoin=\"round\" points=\"\(points)\"/>"
            }
            for marker in markers where marker.t >= t0 && marker.t <= t1 {
                body += "<line class=\"event\" x1=\"\(n(x(marker.t)))\" x2=\"\(n(x(marker.t)))\" y1=\"\(n(y0))\" "
                body += "y2=\"\(n(y0 + Self.panelHeight))\" stroke=\"#d11\" stroke-dasharray=\"4 3\"/>"
                if panelIndex == 0 {
                    body += "<text x=\"\(n(x(marker.t) + 3))\" y=\"\(n(y0 - 4))\" font-family=\"\(DisplayListSVG.fontFamily)\" "
                    body += "font-size=\"10\" fill=\"#d11\">\(SVG.escape(marker.label))</text>"
                }
            }
            body += "</g>"
        }
        let axisY = top + Double(max(1, panels.count)) * (Self.panelHeight + Self.panelGap) + 6
        body += "<text x=\"\(n(Self.left + plotWidth / 2))\" y=\"\(n(axisY))\" text-anchor=\"middle\" "
        body += "font-family=\"\(DisplayListSVG.fontFamily)\" font-size=\"12\" fill=\"#333\">t (s)</text>"
        return SVG.document(width: Self.width, height: height.rounded(.up), background: "#fafafa", body: body)
    }

    private func color(_ index: Int) -> String { Self.palette[index % Self.palette.count] }

    /// Round numbers (1, 2 or 5 times a power of ten) between low and
    /// high, about `count` of them, and the decimals that write them all
    /// exactly (0.05 steps need 2).
    public static func ticks(from low: Double, to high: Double, about count: Int) -> (values: [Double], places: Int) {
        guard high > low, low.isFinite, high.isFinite else { return ([low], 3) }
        let raw = (high - low) / Double(max(1, count))
        let exponent = Int(floor(log10(raw)))
        let power = pow(10, Double(exponent))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        // Each tick is a whole multiple of the step, worked out afresh, so
        // no sum of steps drifts to 0.30000000000000004.
        let first = (low / step - 1e-9).rounded(.up)
        var values: [Double] = []
        var multiple = first
        while multiple * step <= high + step * 1e-9, values.count < 50 {
            values.append(multiple == 0 ? 0 : multiple * step)
            multiple += 1
        }
        return (values, max(0, -exponent))
    }

    /// A tick's label, with the decimals its step needs.
    public static func label(_ tick: Double, places: Int) -> String { readable(tick, places: places) }
}
