import Foundation

/// Reads GPX track points (`<trkpt lat lon><time/></trkpt>`) as fixes for replay. A small
/// scanner rather than an XML parser: GPX track points are flat, and this keeps the module
/// free of platform XML differences (FoundationXML on Linux).
public enum GPXTrack {
    /// Parses every `trkpt` in document order.
    ///
    /// Speed and course come from the previous point (GPX has none); accuracy is `hdop` × 5 m
    /// when present, else `defaultAccuracy`. Points without `<time>` are spaced 1 s apart.
    /// - Throws: `NavigationError.invalidGPX` for a point without valid `lat`/`lon`, or a
    ///   document without track points.
    public static func fixes(from gpx: String, defaultAccuracy: Double = 10) throws -> [LocationFix] {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var fixes: [LocationFix] = []
        var rest = gpx[...]
        while let open = rest.range(of: "<trkpt") {
            let afterOpen = rest[open.upperBound...]
            guard let tagEnd = afterOpen.firstIndex(of: ">") else { break }
            let attributes = afterOpen[..<tagEnd]
            let selfClosing = attributes.hasSuffix("/")
            var body: Substring = ""
            if selfClosing {
                rest = afterOpen[afterOpen.index(after: tagEnd)...]
            } else if let close = afterOpen.range(of: "</trkpt>") {
                body = afterOpen[afterOpen.index(after: tagEnd)..<close.lowerBound]
                rest = afterOpen[close.upperBound...]
            } else {
                throw NavigationError(.invalidGPX, "trkpt \(fixes.count + 1) is not closed")
            }
            guard let lat = attribute("lat", in: attributes).flatMap(Double.init),
                  let lon = attribute("lon", in: attributes).flatMap(Double.init),
                  Coordinate(latitude: lat, longitude: lon).isValid
            else { throw NavigationError(.invalidGPX, "trkpt \(fixes.count + 1) has no valid lat/lon") }
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            let previous = fixes.last
            let time = element("time", in: body).flatMap { plain.date(from: $0) ?? fractional.date(from: $0) }
                ?? previous.map { $0.timestamp.addingTimeInterval(1) } ?? Date(timeIntervalSince1970: 0)
            let accuracy = element("hdop", in: body).flatMap(Double.init).map { $0 * 5 } ?? defaultAccuracy
            var speed: Double?, course: Double?
            if let previous {
                let dt = time.timeIntervalSince(previous.timestamp)
                let d = Geodesy.distance(previous.coordinate, coordinate)
                if dt > 0 { speed = d / dt }
                if d > 1 { course = Geodesy.bearing(previous.coordinate, coordinate) }
            }
            fixes.append(LocationFix(coordinate: coordinate, horizontalAccuracy: accuracy, speed: speed,
                                     course: course, timestamp: time))
        }
        guard !fixes.isEmpty else { throw NavigationError(.invalidGPX, "no trkpt elements") }
        return fixes
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["\"", "'"] {
            if let r = tag.range(of: " \(name)=\(quote)"), let end = tag[r.upperBound...].firstIndex(of: Character(quote)) {
                return String(tag[r.upperBound..<end])
            }
        }
        return nil
    }

    private static func element(_ name: String, in body: Substring) -> String? {
        guard let open = body.range(of: "<\(name)>"), let close = body[open.upperBound...].range(of: "</\(name)>")
        else { return nil }
        return body[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
