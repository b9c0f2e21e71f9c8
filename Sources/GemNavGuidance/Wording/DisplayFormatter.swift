import Foundation
import GemNavCore

/// Distances, durations and arrival times as screens, banners and tables write them, worded
/// from the language's string table: the one formatter of every front end (spoken distances
/// are rounded differently, by `DistanceFormatter`, so prompts say what people say).
public struct DisplayFormatter: Sendable, Hashable {
    /// BCP 47 language of the string table (unknown ones fall back to English).
    public var language: String
    /// Unit system of distances.
    public var units: DistanceUnits

    static let metersPerFoot = 0.3048
    static let metersPerMile = 1609.344

    /// Creates a formatter.
    public init(language: String = "en", units: DistanceUnits = .metric) {
        self.language = language
        self.units = units
    }

    /// A distance for display, by the seed's rules. Metric: under 100 m exact ("85 m"), under
    /// 1 km rounded to 10 m ("340 m"), then km with one decimal ("1.2 km", "1,2 km" in French).
    /// Imperial: under 100 ft exact, under 1,000 ft rounded to 10 ft, under a mile in quarters
    /// ("1/4 mi"), then miles with one decimal.
    public func distance(_ meters: Double) -> String {
        let table = InstructionTable.forLanguage(language)
        let m = Swift.max(0, meters.isFinite ? meters : 0)
        let (small, large, perLarge) = units == .metric
            ? ("shortMeters", "shortKilometers", 1000.0) : ("shortFeet", "shortMiles", Self.metersPerMile)
        let smallValue = units == .metric ? m : m / Self.metersPerFoot
        let exact = Int(smallValue.rounded())
        if exact < 100 { return fill(table.unit(small), n: String(exact)) }
        let tens = Int((smallValue / 10).rounded()) * 10
        if tens < 1000 { return fill(table.unit(small), n: String(tens)) }
        if units == .imperial {
            switch Swift.max(1, Int((m / Self.metersPerMile * 4).rounded())) {
            case 1: return fill(table.unit("shortQuarterMile"), n: "")
            case 2: return fill(table.unit("shortHalfMile"), n: "")
            case 3: return fill(table.unit("shortThreeQuarterMile"), n: "")
            default: break
            }
        }
        let tenths = Int((m / perLarge * 10).rounded())
        return fill(table.unit(large), n: "\(tenths / 10)\(table.decimalSeparator)\(tenths % 10)")
    }

    /// A duration for display: "45 sec", "12 min", "1h 5m" (French "45 s", "12 min", "1 h 5 min").
    public func duration(_ seconds: Double) -> String {
        let table = InstructionTable.forLanguage(language)
        let s = Swift.max(0, seconds.isFinite ? seconds : 0)
        if s < 59.5 { return fill(table.unit("shortSeconds"), n: String(Int(s.rounded()))) }
        let minutes = Int((s / 60).rounded())
        if minutes < 60 { return fill(table.unit("shortMinutes"), n: String(minutes)) }
        var values = SlotValues()
        values.hours = String(minutes / 60)
        values.minutes = String(minutes % 60)
        return table.unit("shortHoursMinutes").render(values)
    }

    /// An arrival time as a clock time: "HH:mm" in `timeZone`, 24-hour and locale independent
    /// so logs and event streams read the same everywhere (screens use `TimeOfDayFormat`).
    public func clockTime(_ date: Date, timeZone: TimeZone = .gmt) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    private func fill(_ template: Template, n: String) -> String {
        var values = SlotValues()
        values.n = n
        return template.render(values)
    }
}
