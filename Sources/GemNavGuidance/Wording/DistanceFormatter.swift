import GemNavCore

/// A distance rounded the way people say it.
struct RoundedDistance {
    /// The rounded distance in metres (so a prompt can be spoken exactly where it is true).
    var meters: Double
    /// The rounded value in the unit below.
    var value: Double
    /// The string-table unit key: `meters`, `kilometers`, `feet`, `miles`, `quarterMile`…
    var unit: String

    /// The spoken form from the table, e.g. "300 meters", "1,5 kilomètres", "a quarter mile".
    func text(_ table: InstructionTable) -> String {
        var v = SlotValues()
        v.n = DistanceFormatter.number(value, table)
        return table.unit(unit).render(v)
    }
}

/// Rounds distances to the values people use and words them from the string table.
enum DistanceFormatter {
    static let metersPerFoot = 0.3048
    static let metersPerMile = 1609.344

    /// The spoken rounding: 10 m steps below 100 m, 50 m below 500 m, 100 m below 1 km,
    /// half kilometres below 10 km; imperial uses 10/50/100 ft steps below 1000 ft, then
    /// quarter, half and three-quarter miles, half miles below 10 mi. Wording is left to
    /// `RoundedDistance.text` so prompts that do not fit cost no string work.
    static func round(_ meters: Double, units: DistanceUnits) -> RoundedDistance {
        switch units {
        case .metric:
            if meters < 950 {
                let step: Double = meters < 100 ? 10 : (meters < 500 ? 50 : 100)
                let r = Swift.max(10, (meters / step).rounded() * step)
                return RoundedDistance(meters: r, value: r, unit: "meters")
            }
            let km = meters / 1000
            let r = km < 10 ? Swift.max(1, (km * 2).rounded() / 2) : km.rounded()
            return RoundedDistance(meters: r * 1000, value: r, unit: r == 1 ? "kilometer" : "kilometers")
        case .imperial:
            let feet = meters / metersPerFoot
            if feet < 950 {
                let step: Double = feet < 100 ? 10 : (feet < 500 ? 50 : 100)
                let r = Swift.max(10, (feet / step).rounded() * step)
                return RoundedDistance(meters: r * metersPerFoot, value: r, unit: "feet")
            }
            let miles = meters / metersPerMile
            switch miles {
            case ..<0.375: return RoundedDistance(meters: 0.25 * metersPerMile, value: 0.25, unit: "quarterMile")
            case ..<0.625: return RoundedDistance(meters: 0.5 * metersPerMile, value: 0.5, unit: "halfMile")
            case ..<0.875: return RoundedDistance(meters: 0.75 * metersPerMile, value: 0.75, unit: "threeQuarterMile")
            default:
                let r = miles < 10 ? Swift.max(1, (miles * 2).rounded() / 2) : miles.rounded()
                return RoundedDistance(meters: r * metersPerMile, value: r, unit: r == 1 ? "mile" : "miles")
            }
        }
    }

    /// "2" for whole numbers, else one decimal with the language's separator ("1.5", "1,5").
    static func number(_ value: Double, _ table: InstructionTable) -> String {
        if value == value.rounded() { return String(Int(value)) }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10)\(table.decimalSeparator)\(tenths % 10)"
    }

    private static func render(_ template: Template, _ n: String) -> String {
        var v = SlotValues()
        v.n = n
        return template.render(v)
    }
}
