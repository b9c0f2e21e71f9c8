import Foundation
import GemNavCore

/// Writes a recorded trip as a GPX 1.1 document (one `trk` with one `trkseg`).
///
/// Speed and course, which GPX 1.1 has no element for, go into Garmin's widely read
/// TrackPointExtension v2 when known. Horizontal accuracy is not exported: GPX only has
/// dilution-of-precision fields, which are not metres.
public enum GPXWriter {
    /// The GPX 1.1 document for a trip and its fixes.
    public static func document(for trip: TripSummary, fixes: [TripFix]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="GemNav" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
            <metadata><time>\(timestamp(trip.startedAt))</time></metadata>
            <trk>
            <name>\(escaped(name(of: trip)))</name>
            <trkseg>

            """
        out.reserveCapacity(out.utf8.count + fixes.count * 220)
        for fix in fixes {
            out += "<trkpt lat=\"\(decimal(fix.coordinate.latitude))\" lon=\"\(decimal(fix.coordinate.longitude))\">"
            out += "<time>\(timestamp(fix.timestamp))</time>"
            if fix.speed != nil || fix.course != nil {
                out += "<extensions><gpxtpx:TrackPointExtension>"
                if let speed = fix.speed { out += "<gpxtpx:speed>\(decimal(speed, digits: 2))</gpxtpx:speed>" }
                if let course = fix.course { out += "<gpxtpx:course>\(decimal(course, digits: 1))</gpxtpx:course>" }
                out += "</gpxtpx:TrackPointExtension></extensions>"
            }
            out += "</trkpt>\n"
        }
        out += "</trkseg>\n</trk>\n</gpx>\n"
        return out
    }

    /// The track name: "Origin → Destination" from what is known, else the start time.
    static func name(of trip: TripSummary) -> String {
        switch (trip.originName, trip.destinationName) {
        case let (origin?, destination?): return "\(origin) → \(destination)"
        case let (origin?, nil): return "From \(origin)"
        case let (nil, destination?): return "To \(destination)"
        case (nil, nil): return "GemNav trip \(timestamp(trip.startedAt))"
        }
    }

    /// Escapes text for XML content and attributes, dropping the control characters XML 1.0
    /// cannot carry at all (a name pasted from elsewhere must not make the file unreadable).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// xsd:dateTime in UTC with milliseconds, e.g. 2026-11-21T06:31:22.250Z.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// A plain decimal (xsd:decimal has no exponent form, which `Double.description` can use).
    private static func decimal(_ value: Double, digits: Int = 7) -> String {
        String(format: "%.\(digits)f", value)
    }
}

extension AppStore {
    /// The trip as a GPX 1.1 document, read in one transaction so the summary and the fixes
    /// agree even while the recorder appends.
    ///
    /// - Throws: `StorageError` `.tripNotFound` when no trip has this id.
    public func exportGPX(_ id: TripID) throws(StorageError) -> String {
        let (summary, fixes) = try read { db -> (TripSummary, [TripFix]) in
            guard let summary = try Self.fetchSummary(id, db) else { throw StorageError(.tripNotFound(id)) }
            return (summary, try Self.fetchFixes(id, db))
        }
        return GPXWriter.document(for: summary, fixes: fixes)
    }
}
