import Foundation

/// A segment's new speed from one line of an OSRM segment-speed file.
struct SegmentSpeed: Sendable {
    /// What the line says about the routing weight (OSRM's rules for the fourth column).
    enum Rate: Sendable, Equatable {
        /// No fourth column: the weight follows the new duration.
        case fromSpeed
        /// An empty fourth column: the weight stays as imported, only the duration changes.
        case keep
        /// Metres per second of weight: the segment weighs `length / rate` (0 closes it).
        case value(Double)
    }

    /// km/h; 0 closes the segment.
    var speed: Double
    var rate: Rate
}

/// An OSM node pair, in driving direction.
struct SegmentKey: Hashable, Sendable {
    var from: Int64
    var to: Int64
}

/// The lines of an OSRM segment-speed file (`--segment-speed-file`):
/// `from_osm_node_id,to_osm_node_id,speed_kmh[,rate[,anything]]`, one driving direction a line.
/// A later line for the same pair replaces an earlier one.
public struct SpeedUpdates: Sendable {
    var segments: [SegmentKey: SegmentSpeed]
    /// Lines read.
    public let lineCount: Int

    /// Reads a file; malformed lines are errors naming the line.
    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TrafficError(.unreadable(url.path, error.localizedDescription))
        }
        try self.init(data, name: url.lastPathComponent)
    }

    /// Reads the bytes of a file named `name` (for messages).
    public init(_ data: Data, name: String) throws {
        var segments: [SegmentKey: SegmentSpeed] = [:]
        var lines = 0
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            segments.reserveCapacity(bytes.count / 24)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                lines += 1
                var lineEnd = end
                if lineEnd > start && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let (key, speed) = try Self.parseLine(UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]),
                                                      name: name, line: lines)
                segments[key] = speed
                start = end + 1
            }
        }
        self.segments = segments
        lineCount = lines
    }

    /// Distinct node pairs with a speed.
    public var segmentCount: Int { segments.count }

    private static func parseLine(_ line: UnsafeBufferPointer<UInt8>, name: String, line number: Int) throws
        -> (SegmentKey, SegmentSpeed)
    {
        func fail(_ why: String) -> TrafficError { TrafficError(.malformedLine(name, line: number, why)) }
        guard !line.isEmpty else { throw fail("the line is empty") }
        var fields: [Range<Int>] = []
        var fieldStart = 0
        for i in 0..<line.count where line[i] == UInt8(ascii: ",") {
            fields.append(fieldStart..<i)
            fieldStart = i + 1
            if fields.count == 4 { break }
        }
        if fields.count < 4 { fields.append(fieldStart..<line.count) }
        guard fields.count >= 3 else { throw fail("expected at least 3 comma-separated values, found \(fields.count)") }
        func text(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[r]), as: UTF8.self) }
        func nodeID(_ r: Range<Int>, _ what: String) throws -> Int64 {
            var value: Int64 = 0
            guard !r.isEmpty else { throw fail("\(what) is empty") }
            for i in r {
                let d = Int64(line[i]) - 48
                guard d >= 0, d <= 9, value <= (Int64.max - d) / 10 else {
                    throw fail("\(what) '\(text(r))' is not an OSM node id")
                }
                value = value * 10 + d
            }
            return value
        }
        let from = try nodeID(fields[0], "the from node"), to = try nodeID(fields[1], "the to node")
        guard let speed = Double(text(fields[2]).trimmingCharacters(in: .whitespaces)), speed.isFinite, speed >= 0 else {
            throw fail("the speed '\(text(fields[2]))' is not a number of km/h ≥ 0")
        }
        var rate = SegmentSpeed.Rate.fromSpeed
        if fields.count > 3 {
            let field = text(fields[3]).trimmingCharacters(in: .whitespaces)
            if field.isEmpty {
                rate = .keep
            } else if let value = Double(field), value.isFinite, value >= 0 {
                rate = .value(value)
            } else {
                throw fail("the rate '\(field)' is not a number ≥ 0 (leave it empty to keep the weight)")
            }
        }
        return (SegmentKey(from: from, to: to), SegmentSpeed(speed: speed, rate: rate))
    }
}
