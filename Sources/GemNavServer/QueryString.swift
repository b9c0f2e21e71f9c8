/// The parameters of a URL query string, decoded, each name at most once.
///
/// Reading is strict, as osrm-routed's is: an unknown, repeated or value-less parameter is an
/// error rather than silently ignored, so a client learns at once that an option it relies on
/// has no effect.
struct QueryString {
    private var values: [String: String] = [:]
    private var unread: [String] = []

    /// Parses `a=1&b=x%2Cy`: `+` is a space and `%XX` escapes are decoded.
    /// - Throws: `ServerError.invalidQuery` on a malformed or repeated parameter.
    init(_ query: Substring?) throws {
        guard let query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard let eq = pair.firstIndex(of: "=") else {
                throw ServerError(.invalidQuery, "Query string malformed: parameter '\(pair)' has no value (write name=value)")
            }
            let name = try Self.decode(pair[..<eq])
            let value = try Self.decode(pair[pair.index(after: eq)...])
            guard values[name] == nil else {
                throw ServerError(.invalidQuery, "Query string malformed: parameter '\(name)' is given more than once")
            }
            values[name] = value
            unread.append(name)
        }
    }

    /// The value of `name`, if given; marks it as understood.
    mutating func take(_ name: String) -> String? {
        guard let v = values[name] else { return nil }
        unread.removeAll { $0 == name }
        return v
    }

    /// Accepts OSRM's `hints` and `generate_hints`. Hints speed up osrm-routed's snapping but
    /// are optional by design; this server snaps fast without them and writes none.
    mutating func ignoreHints() throws {
        if let v = take("generate_hints"), v != "true", v != "false" {
            throw ServerError(.invalidValue, "generate_hints '\(v)' is not true or false")
        }
        _ = take("hints")
    }

    /// Fails on the first parameter no `take` asked for.
    /// - Parameter known: the parameters the endpoint accepts, for the message.
    func rejectUnread(known: [String]) throws {
        if let name = unread.first {
            throw ServerError(.invalidQuery,
                              "Query string malformed: unknown parameter '\(name)'; this endpoint accepts \(known.joined(separator: ", "))")
        }
    }

    /// Decodes `%XX` escapes (and `+` as a space in query strings) straight from the UTF-8
    /// bytes: most parameters have neither, and Foundation's decoding showed in profiles.
    /// Returns nil for a malformed escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
        let utf8 = text.utf8
        let percent = UInt8(ascii: "%"), plus = UInt8(ascii: "+")
        guard utf8.contains(where: { $0 == percent || (plusIsSpace && $0 == plus) }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let b = utf8[i]
            i = utf8.index(after: i)
            if b == plus, plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else if b == percent {
                guard i != utf8.endIndex, let high = hexValue(utf8[i]) else { return nil }
                i = utf8.index(after: i)
                guard i != utf8.endIndex, let low = hexValue(utf8[i]) else { return nil }
                i = utf8.index(after: i)
                bytes.append(high << 4 | low)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func decode(_ text: Substring) throws -> String {
        guard let decoded = percentDecoded(text, plusIsSpace: true) else {
            throw ServerError(.invalidQuery, "Query string malformed: '\(text)' has an invalid %-escape")
        }
        return decoded
    }
}
