import GemNavCore

/// A distance rounded the way people say it, with the metres it stands for.
struct RoundedDistance {
    /// The rounded distance in metres (so a prompt can be spoken exactly where it is true).
    var meters: Double
    /// The spoken form, e.g. "300 meters", "a quarter mile".
    var text: String
}

/// Rounds distances to the values people use and words them from the string table.
enum DistanceFormatter {
    static let metersPerFoot = 0.3048
    static let metersPerMile = 1609.344

    /// The spoken rounding: 10 m steps below 100 m, 50 m below 500 m, 100 m below 1 km,
    /// half kilometres below 10 km; imperial uses 50/100 ft steps below 1000 ft, then
    /// quarter, half and three-quarter miles, half miles below 10 mi.
    static func spoken(_ meters: Double, units: DistanceUnits, table: InstructionTable) -> RoundedDistance {
        switch units {
        case .metric: return metric(meters, table)
        case .imperial: return imperial(meters, table)
        }
    }

    private static func metric(_ m: Double, _ table: InstructionTable) -> RoundedDistance {
        if m < 950 {
            let step: Double = m < 100 ? 10 : (m < 500 ? 50 : 100)
            let r = Swift.max(10, (m / step).rounded() * step)
            return RoundedDistance(meters: r, text: render(table.unit("meters"), number(r, table)))
        }
        let km = m / 1000
        let r = km < 10 ? Swift.max(1, (km * 2).rounded() / 2) : km.rounded()
        let text = r == 1 ? render(table.unit("kilometer"), "1") : render(table.unit("kilometers"), number(r, table))
        return RoundedDistance(meters: r * 1000, text: text)
    }

    private static func imperial(_ m: Double, _ table: InstructionTable) -> RoundedDistance {
        let feet = m / metersPerFoot
        if feet < 950 {
            let step: Double = feet < 100 ? 10 : (feet < 500 ? 50 : 100)
            let r = Swift.max(10, (feet / step).rounded() * step)
            return RoundedDistance(meters: r * metersPerFoot, text: render(table.unit("feet"), number(r, table)))
        }
        let miles = m / metersPerMile
        let fraction: (Double, String)?
        switch miles {
        case ..<0.375: fraction = (0.25, "quarterMile")
        case ..<0.625: fraction = (0.5, "halfMile")
        case ..<0.875: fraction = (0.75, "threeQuarterMile")
        default: fraction = nil
        }
        if let (value, key) = fraction {
            return RoundedDistance(meters: value * metersPerMile, text: table.unit(key).render(SlotValues()))
        }
        let r = miles < 10 ? Swift.max(1, (miles * 2).rounded() / 2) : miles.rounded()
        let text = r == 1 ? render(table.unit("mile"), "1") : render(table.unit("miles"), number(r, table))
        return RoundedDistance(meters: r * metersPerMile, text: text)
    }

    /// A compact written distance for tables and banners: "350 m", "12.4 km", "500 ft", "0.3 mi".
    static func short(_ m: Double, units: DistanceUnits, table: InstructionTable) -> String {
        switch units {
        case .metric:
            if m < 1000 { return render(table.unit("shortMeters"), String(Int(m.rounded()))) }
            return render(table.unit("shortKilometers"), number((m / 100).rounded() / 10, table))
        case .imperial:
            let miles = m / metersPerMile
            if miles < 0.1 { return render(table.unit("shortFeet"), String(Int((m / metersPerFoot).rounded()))) }
            return render(table.unit("shortMiles"), number((miles * 10).rounded() / 10, table))
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
