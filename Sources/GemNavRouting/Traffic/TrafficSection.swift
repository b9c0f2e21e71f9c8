import Foundation

/// The graph section (`traffic`) that lets speed updates keyed by OSM node pairs be applied
/// without re-importing: the OSM node id of every geometry point, and each edge's base speeds
/// and weight factors, so an updated edge's duration and weight are recomputed exactly as
/// import computed them.
///
/// Layout (little-endian, 8-byte aligned parts): `UInt32` record count, `UInt32` 0; the
/// `EdgeSpeedRecord`s (the distinct speed settings, usually a few hundred); one `Int32` record
/// index per edge, padded to 8 bytes; then the node ids as zigzag-varint deltas from the
/// previous point's id, in geometry order. Consecutive nodes of a way mostly have close ids,
/// so the ids take about 3 bytes a point instead of 8.
enum TrafficSection {
    static let tag = "traffic"

    /// Builds the section from the network the graph was made of.
    static func make(_ net: RoadNetwork) -> GraphSection {
        var recordIndex: [EdgeSpeedRecord: Int32] = [:]
        var records: [EdgeSpeedRecord] = []
        var edgeRecord = [Int32]()
        edgeRecord.reserveCapacity(net.edgeCount)
        for a in net.edgeAttributes {
            let record = EdgeSpeedRecord(net.attributes[Int(a)])
            if let known = recordIndex[record] {
                edgeRecord.append(known)
            } else {
                recordIndex[record] = Int32(records.count)
                edgeRecord.append(Int32(records.count))
                records.append(record)
            }
        }
        var data = Data()
        data.reserveCapacity(8 + records.count * 32 + net.edgeCount * 4 + net.geometryOSMId.count * 3)
        append(UInt32(records.count), to: &data)
        append(UInt32(0), to: &data)
        records.withUnsafeBytes { data.append(contentsOf: $0) }
        edgeRecord.withUnsafeBytes { data.append(contentsOf: $0) }
        data.append(Data(count: (8 - data.count % 8) % 8))
        var previous: Int64 = 0
        for id in net.geometryOSMId {
            let delta = id &- previous
            var zigzag = UInt64(bitPattern: (delta << 1) ^ (delta >> 63))
            while zigzag >= 0x80 {
                data.append(UInt8(zigzag & 0x7F) | 0x80)
                zigzag >>= 7
            }
            data.append(UInt8(zigzag))
            previous = id
        }
        return GraphSection(tag, data)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}

/// How import timed one edge in each direction: km/h (0 closed; -1 timed by the way's
/// `duration` tag, spread by length) and the weight factor of its rate penalties.
struct EdgeSpeedRecord: Hashable, BitwiseCopyable {
    var forwardSpeed: Double
    var backwardSpeed: Double
    var forwardWeightFactor: Double
    var backwardWeightFactor: Double

    init(_ attr: WayAttributes) {
        let timed = attr.ferryDuration != nil
        forwardSpeed = attr.forwardSpeed > 0 && timed ? -1 : attr.forwardSpeed
        backwardSpeed = attr.backwardSpeed > 0 && timed ? -1 : attr.backwardSpeed
        forwardWeightFactor = attr.forwardWeightFactor
        backwardWeightFactor = attr.backwardWeightFactor
    }

    func speed(backward: Bool) -> Double { backward ? backwardSpeed : forwardSpeed }
    func weightFactor(backward: Bool) -> Double { backward ? backwardWeightFactor : forwardWeightFactor }
}

/// The `traffic` section of a loaded graph, read in place.
struct TrafficSegments {
    let records: FlatArray<EdgeSpeedRecord>
    let edgeRecord: FlatArray<Int32>
    private let nodeIDBytes: UnsafeRawBufferPointer

    init?(_ raw: UnsafeRawBufferPointer, edgeCount: Int) {
        guard raw.count >= 8 else { return nil }
        let count = Int(raw.loadUnaligned(as: UInt32.self))
        let recordEnd = 8 + count * MemoryLayout<EdgeSpeedRecord>.stride
        let edgesEnd = recordEnd + edgeCount * 4
        let idsStart = (edgesEnd + 7) & ~7
        guard idsStart <= raw.count else { return nil }
        records = FlatArray(UnsafeRawBufferPointer(rebasing: raw[8..<recordEnd]))
        edgeRecord = FlatArray(UnsafeRawBufferPointer(rebasing: raw[recordEnd..<edgesEnd]))
        nodeIDBytes = UnsafeRawBufferPointer(rebasing: raw[idsStart...])
    }

    /// The OSM node id of every geometry point, in order; nil when the section is cut short.
    func nodeIDs(count: Int) -> [Int64]? {
        var ids = [Int64]()
        ids.reserveCapacity(count)
        var previous: Int64 = 0
        var value: UInt64 = 0, shift: UInt64 = 0
        for byte in nodeIDBytes {
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                guard shift < 64 else { return nil }
                continue
            }
            let delta = Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
            previous &+= delta
            ids.append(previous)
            value = 0
            shift = 0
        }
        return ids.count == count ? ids : nil
    }
}
