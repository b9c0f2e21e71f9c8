import Foundation

/// Parsing of OSM `maxspeed` values into km/h.
enum Maxspeed {
    /// Country zone values (`FR:urban`…), as OSRM's car.lua lists them.
    static let zones: [String: Double] = [
        "at:rural": 100, "at:trunk": 100, "ar:urban": 40, "ar:rural": 110, "be:motorway": 120,
        "be-bru:rural": 70, "be-bru:urban": 30, "be-vlg:rural": 70, "bg:motorway": 140,
        "by:urban": 60, "by:motorway": 110, "ca-on:rural": 80, "ch:rural": 80, "ch:trunk": 100,
        "ch:motorway": 120, "de:living_street": 7, "de:rural": 100, "de:motorway": 0, "dk:rural": 80,
        "es:trunk": 90, "fr:rural": 80, "gb:nsl_single": 96.54, "gb:nsl_dual": 112.63,
        "gb:motorway": 112.63, "lv:living_street": 20, "nl:rural": 80, "nl:trunk": 100,
        "no:rural": 80, "no:motorway": 110, "ph:urban": 40, "ph:rural": 80, "ph:motorway": 100,
        "pl:rural": 100, "pl:expressway": 120, "pl:motorway": 140, "ro:trunk": 100,
        "ru:living_street": 20, "ru:urban": 60, "ru:motorway": 110, "uk:nsl_single": 96.54,
        "uk:nsl_dual": 112.63, "uk:motorway": 112.63, "za:urban": 60, "za:rural": 100,
        "pt:urban": 50, "pt:rural": 90, "pt:motorway": 120, "pt:trunk": 100,
    ]
    /// Zone kinds when the country is not listed.
    static let defaults: [String: Double] = ["urban": 50, "rural": 90, "trunk": 110, "motorway": 130]

    /// km/h for a `maxspeed` value: "50", "30 mph", "10 knots", "none", "FR:urban";
    /// nil for values that say nothing usable ("signals", "variable").
    static func parse(_ raw: String) -> Double? {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "none" { return 140 }
        if text == "walk" { return 7 }
        var digits = ""
        var rest = Substring(text)
        while let c = rest.first, c.isNumber || c == "." {
            digits.append(c)
            rest = rest.dropFirst()
        }
        if let v = Double(digits), v > 0 {
            let unit = rest.trimmingCharacters(in: .whitespaces)
            // 1.609, not 1.609344: OSRM's factor, so durations agree.
            if unit.hasPrefix("mph") || unit.hasPrefix("mp/h") { return v * 1.609 }
            if unit.hasPrefix("knots") { return v * 1.852 }
            return v
        }
        if let v = zones[text] { return v }
        if let colon = text.firstIndex(of: ":") {
            return defaults[String(text[text.index(after: colon)...])]
        }
        return nil
    }
}
