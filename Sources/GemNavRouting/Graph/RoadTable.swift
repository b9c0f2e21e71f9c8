import Foundation
import GemNavCore

/// One road's attributes as stored in the graph: string ids into the string table, then
/// class, mode and flags.
struct RoadRecord: BitwiseCopyable {
    var name: UInt32, ref: UInt32, destinations: UInt32, destinationRef: UInt32
    var exits: UInt32, turnLanes: UInt32
    /// `laneCount` sits in what was a reserved byte, so graphs written before read 0 (untagged).
    var roadClass: UInt8, mode: UInt8, flags: UInt8, laneCount: UInt8
    /// km/h; NaN when unknown.
    var speedLimit: Float

    static let roundabout: UInt8 = 1, rotary: UInt8 = 2, toll: UInt8 = 4, roundaboutIntersection: UInt8 = 8
    /// Added later in free bits: graphs written before read them as unset.
    static let tunnel: UInt8 = 16, restricted: UInt8 = 32, roundaboutWay: UInt8 = 64
}

/// Collects the distinct `RoadInfo` values of a graph and their strings for writing.
struct RoadTableBuilder {
    private var stringIndex: [String: UInt32] = ["": 0]
    private var strings: [String] = [""]
    private var roadIndex: [RoadInfo: UInt32] = [:]
    private(set) var records: [RoadRecord] = []
    /// `name:pronunciation` string id per record, a section of its own so graphs written
    /// before it existed still load (without pronunciations).
    private var pronunciations: [UInt32] = []

    private static let modes: [TravelMode] = [.driving, .cycling, .walking, .ferry]

    private mutating func id(_ s: String) -> UInt32 {
        if let i = stringIndex[s] { return i }
        let i = UInt32(strings.count)
        strings.append(s)
        stringIndex[s] = i
        return i
    }

    /// The index of `road` in the table, adding it when new.
    mutating func index(of road: RoadInfo) -> UInt32 {
        if let i = roadIndex[road] { return i }
        var flags: UInt8 = 0
        if road.isRoundabout { flags |= RoadRecord.roundabout }
        if road.isRotary { flags |= RoadRecord.rotary }
        if road.isRoundaboutIntersection { flags |= RoadRecord.roundaboutIntersection }
        if road.isToll { flags |= RoadRecord.toll }
        if road.isTunnel { flags |= RoadRecord.tunnel }
        if road.isRestricted { flags |= RoadRecord.restricted }
        if road.isRoundaboutWay { flags |= RoadRecord.roundaboutWay }
        let record = RoadRecord(
            name: id(road.name), ref: id(road.ref), destinations: id(road.destinations),
            destinationRef: id(road.destinationRef), exits: id(road.exits), turnLanes: id(road.turnLanes),
            roadClass: UInt8(RoadClass.allCases.firstIndex(of: road.roadClass) ?? 0),
            mode: UInt8(Self.modes.firstIndex(of: road.mode) ?? 0), flags: flags, laneCount: road.laneCount,
            speedLimit: road.speedLimitKmh.map(Float.init) ?? .nan)
        let i = UInt32(records.count)
        records.append(record)
        pronunciations.append(id(road.pronunciation))
        roadIndex[road] = i
        return i
    }

    /// Sections: concatenated UTF-8, string offsets, records.
    func sections() -> [GraphSection] {
        var blob = Data()
        var offsets: [UInt32] = [0]
        for s in strings {
            blob.append(contentsOf: Array(s.utf8))
            offsets.append(UInt32(blob.count))
        }
        return [GraphSection("rstr", blob), GraphSection("rsoff", offsets), GraphSection("roads", records),
                GraphSection("rpron", pronunciations)]
    }

    static func road(_ r: RoadRecord, string: (UInt32) -> String) -> RoadInfo {
        var road = RoadInfo(
            name: string(r.name), ref: string(r.ref), destinations: string(r.destinations),
            destinationRef: string(r.destinationRef), exits: string(r.exits),
            roadClass: RoadClass.allCases[Int(r.roadClass) % RoadClass.allCases.count],
            mode: modes[Int(r.mode) % modes.count], isRoundabout: r.flags & RoadRecord.roundabout != 0,
            isRotary: r.flags & RoadRecord.rotary != 0,
            isRoundaboutIntersection: r.flags & RoadRecord.roundaboutIntersection != 0, isToll: r.flags & RoadRecord.toll != 0,
            turnLanes: string(r.turnLanes), speedLimitKmh: r.speedLimit.isNaN ? nil : Double(r.speedLimit))
        road.isTunnel = r.flags & RoadRecord.tunnel != 0
        road.isRestricted = r.flags & RoadRecord.restricted != 0
        road.isRoundaboutWay = r.flags & RoadRecord.roundaboutWay != 0
        road.laneCount = r.laneCount
        return road
    }
}

/// The roads of a loaded graph, decoded once at load: a graph has far fewer distinct roads
/// than edges, and routes ask for the same ones again and again.
struct RoadTable {
    let roads: [RoadInfo]

    init(blob: UnsafeRawBufferPointer, offsets: FlatArray<UInt32>, records: FlatArray<RoadRecord>,
         pronunciations: FlatArray<UInt32>) {
        var strings: [String] = []
        strings.reserveCapacity(max(0, offsets.count - 1))
        for i in 0..<max(0, offsets.count - 1) {
            let a = Int(offsets[i]), b = Int(offsets[i + 1])
            strings.append(a <= b && b <= blob.count
                ? String(decoding: UnsafeRawBufferPointer(rebasing: blob[a..<b]), as: UTF8.self) : "")
        }
        func string(_ id: UInt32) -> String { Int(id) < strings.count ? strings[Int(id)] : "" }
        roads = (0..<records.count).map { i in
            var road = RoadTableBuilder.road(records[i], string: string)
            if i < pronunciations.count { road.pronunciation = string(pronunciations[i]) }
            return road
        }
    }

    func road(_ index: UInt32) -> RoadInfo { roads[Int(index)] }

    func name(_ index: UInt32) -> String { roads[Int(index)].name }
}
