import Foundation

/// Parsing of OSM measurement values (`maxheight`, `maxwidth`, `maxweight`…) as OSRM's
/// `measure.lua` reads them, so the same tags close the same roads.
enum Measure {
    /// The first number in `text` (a decimal comma read as a point), or nil.
    private static func leadingNumber(_ text: String) -> (value: Double, rest: Substring)? {
        let chars = Array(text.replacingOccurrences(of: ",", with: "."))
        guard let start = chars.firstIndex(where: \.isNumber) else { return nil }
        var end = start
        while end < chars.count, chars[end].isNumber { end += 1 }
        if end + 1 < chars.count, chars[end] == ".", chars[end + 1].isNumber {
            end += 1
            while end < chars.count, chars[end].isNumber { end += 1 }
        }
        guard let v = Double(String(chars[start..<end])) else { return nil }
        return (v, Substring(String(chars[end...])))
    }

    /// Metres from `3.5`, `3.5 m`, or feet and inches (`11'6"`).
    static func metres(_ text: String) -> Double? {
        guard let (n, _) = leadingNumber(text) else { return nil }
        guard let quote = text.firstIndex(of: "'") else { return n }
        // Feet, then optional inches after the foot mark.
        var inches = n * 12
        if let (m, _) = leadingNumber(String(text[text.index(after: quote)...])) { inches += m.rounded(.down) }
        return inches * 0.0254
    }

    /// Kilograms from `7.5` or `7.5 t` (tonnes, the default), `3500 kg` or `lbs`.
    static func kilograms(_ text: String) -> Double? {
        guard let (n, _) = leadingNumber(text) else { return nil }
        if text.contains("lbs") { return n * 0.45359237 }
        if text.contains("kg") { return n }
        return n * 1000
    }

    /// `maxheight` in metres; the "no sign" values mean the legal default of 4.5 m.
    static func height(_ text: String) -> Double? {
        ["default", "none", "no-sign", "unsigned"].contains(text) ? 4.5 : metres(text)
    }
}

/// Reading tags as OSRM's profiles do: an empty value counts as absent, and a key may be
/// refined per direction (`key:forward`, `key:backward`).
struct TagReader {
    let tags: [String: String]

    init(_ tags: [String: String]) { self.tags = tags }

    subscript(_ key: String) -> String? {
        guard let v = tags[key], !v.isEmpty else { return nil }
        return v
    }

    /// Values forward and backward from the first of `keys` present, each direction taking
    /// `key:forward`/`key:backward` before `key` (OSRM's `get_forward_backward_by_set`).
    func directional(_ keys: [String]) -> (forward: String?, backward: String?) {
        var forward: String?, backward: String?
        for key in keys {
            forward = forward ?? self[key + ":forward"] ?? self[key]
            backward = backward ?? self[key + ":backward"] ?? self[key]
            if forward != nil && backward != nil { break }
        }
        return (forward, backward)
    }
}
