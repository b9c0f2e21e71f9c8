import Foundation

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

    private static func decode(_ text: Substring) throws -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else {
            throw ServerError(.invalidQuery, "Query string malformed: '\(text)' has an invalid %-escape")
        }
        return decoded
    }
}
