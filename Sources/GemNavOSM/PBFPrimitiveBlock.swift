import GemNavCore

/// Decodes one `PrimitiveBlock` (the payload of an `OSMData` blob) into entities.
///
/// The block is scanned once to find its string table, groups and coordinate scaling (those
/// scalars usually come after the groups on the wire), then each group of a wanted kind is
/// decoded straight from the borrowed bytes. Groups of unwanted kinds are skipped without
/// decoding, and the string table is only turned into `String`s when a wanted group exists.
struct PBFPrimitiveBlock {
    private let bytes: UnsafeRawBufferPointer
    private var stringTableRange: Range<Int>?
    private var groups: [Range<Int>] = []
    private var granularity: Int64 = 100
    private var latOffset: Int64 = 0
    private var lonOffset: Int64 = 0
    private var strings: [String] = []
    private var stringsDecoded = false

    init(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes = bytes
        var block = WireReader(bytes)
        while let (number, wire) = try block.field() {
            switch (number, wire) {
            case (1, .lengthDelimited): stringTableRange = try block.lengthDelimited()
            case (2, .lengthDelimited): groups.append(try block.lengthDelimited())
            case (17, .varint): granularity = try block.int64()
            case (19, .varint): latOffset = try block.int64()
            case (20, .varint): lonOffset = try block.int64()
            default: try block.skip(wire)
            }
        }
        guard granularity > 0 else { throw WireError("granularity \(granularity) is not positive") }
    }

    /// Calls `body` with the field number and message of every entity message of every
    /// primitive group (1 `Node`, 2 `DenseNodes`, 3 `Way`, 4 `Relation`), in file order.
    private static func forEachEntityMessage(in bytes: UnsafeRawBufferPointer, groups: [Range<Int>],
                                             _ body: (UInt64, WireReader) throws -> Void) throws
    {
        for range in groups {
            var group = WireReader(bytes, range: range)
            while let (number, wire) = try group.field() {
                guard wire == .lengthDelimited else {
                    try group.skip(wire)
                    continue
                }
                try body(number, try group.message())
            }
        }
    }

    /// Calls `visit` for every entity of the wanted kinds, in file order.
    mutating func decode(_ kinds: OSMEntityKinds, _ visit: (OSMEntity) throws -> Void) throws {
        try Self.forEachEntityMessage(in: bytes, groups: groups) { number, item in
            switch number {
            case 1 where kinds.contains(.nodes): try decodeNode(item, visit)
            case 2 where kinds.contains(.nodes): try decodeDenseNodes(item, visit)
            case 3 where kinds.contains(.ways): try decodeWay(item, visit)
            case 4 where kinds.contains(.relations): try decodeRelation(item, visit)
            default: break
            }
        }
    }

    /// Counts entities without decoding them: one per `Node`/`Way`/`Relation` message and one
    /// per id in `DenseNodes`.
    func count(into counts: inout (nodes: Int, ways: Int, relations: Int)) throws {
        var tally = counts
        try Self.forEachEntityMessage(in: bytes, groups: groups) { number, message in
            switch number {
            case 1: tally.nodes += 1
            case 2:
                var item = message
                while let (field, fieldWire) = try item.field() {
                    if field == 1, fieldWire == .lengthDelimited {
                        tally.nodes += try item.message().varintCount()
                    } else {
                        try item.skip(fieldWire)
                    }
                }
            case 3: tally.ways += 1
            case 4: tally.relations += 1
            default: break
            }
        }
        counts = tally
    }

    // MARK: - Entities

    private mutating func decodeNode(_ message: WireReader, _ visit: (OSMEntity) throws -> Void) throws {
        var m = message
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        var keys: WireReader?, values: WireReader?
        while let (number, wire) = try m.field() {
            switch (number, wire) {
            case (1, .varint): id = try m.sint64()
            case (2, .lengthDelimited): keys = try m.message()
            case (3, .lengthDelimited): values = try m.message()
            case (8, .varint): lat = try m.sint64()
            case (9, .varint): lon = try m.sint64()
            default: try m.skip(wire)
            }
        }
        let tags = try self.tags(keys, values)
        try visit(.node(OSMNode(id: id, coordinate: coordinate(lat, lon), tags: tags)))
    }

    private mutating func decodeDenseNodes(_ message: WireReader, _ visit: (OSMEntity) throws -> Void) throws {
        var m = message
        var ids = WireReader(bytes, range: 0..<0), lats = ids, lons = ids, keysValues = ids
        while let (number, wire) = try m.field() {
            switch (number, wire) {
            case (1, .lengthDelimited): ids = try m.message()
            case (8, .lengthDelimited): lats = try m.message()
            case (9, .lengthDelimited): lons = try m.message()
            case (10, .lengthDelimited): keysValues = try m.message()
            default: try m.skip(wire)
            }
        }
        if !keysValues.isAtEnd { try decodeStrings() }
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        while !ids.isAtEnd {
            guard !lats.isAtEnd, !lons.isAtEnd else {
                throw WireError("DenseNodes has fewer coordinates than ids")
            }
            id &+= try ids.sint64()
            lat &+= try lats.sint64()
            lon &+= try lons.sint64()
            var tags: [String: String] = [:]
            // Each node's pairs end with a 0; a block whose nodes are all untagged may omit
            // keys_vals entirely, which the isAtEnd checks cover.
            while !keysValues.isAtEnd {
                let key = try keysValues.varint()
                if key == 0 { break }
                let value = try keysValues.varint()
                tags[try string(key)] = try string(value)
            }
            try visit(.node(OSMNode(id: id, coordinate: coordinate(lat, lon), tags: tags)))
        }
    }

    private mutating func decodeWay(_ message: WireReader, _ visit: (OSMEntity) throws -> Void) throws {
        var m = message
        var id: Int64 = 0
        var keys: WireReader?, values: WireReader?
        var refs: [Int64] = []
        while let (number, wire) = try m.field() {
            switch (number, wire) {
            case (1, .varint): id = try m.int64()
            case (2, .lengthDelimited): keys = try m.message()
            case (3, .lengthDelimited): values = try m.message()
            case (8, .lengthDelimited):
                var packed = try m.message()
                refs.reserveCapacity(packed.varintCount())
                var ref: Int64 = 0
                while !packed.isAtEnd {
                    ref &+= try packed.sint64()
                    refs.append(ref)
                }
            default: try m.skip(wire)
            }
        }
        let tags = try self.tags(keys, values)
        try visit(.way(OSMWay(id: id, nodeRefs: refs, tags: tags)))
    }

    private mutating func decodeRelation(_ message: WireReader, _ visit: (OSMEntity) throws -> Void) throws {
        var m = message
        var id: Int64 = 0
        var keys: WireReader?, values: WireReader?
        var roles = WireReader(bytes, range: 0..<0), memberIds = roles, types = roles
        while let (number, wire) = try m.field() {
            switch (number, wire) {
            case (1, .varint): id = try m.int64()
            case (2, .lengthDelimited): keys = try m.message()
            case (3, .lengthDelimited): values = try m.message()
            case (8, .lengthDelimited): roles = try m.message()
            case (9, .lengthDelimited): memberIds = try m.message()
            case (10, .lengthDelimited): types = try m.message()
            default: try m.skip(wire)
            }
        }
        var members: [OSMRelation.Member] = []
        if !memberIds.isAtEnd {
            try decodeStrings()
            members.reserveCapacity(memberIds.varintCount())
            var ref: Int64 = 0
            while !memberIds.isAtEnd {
                guard !roles.isAtEnd, !types.isAtEnd else {
                    throw WireError("relation \(id) has fewer roles or types than members")
                }
                ref &+= try memberIds.sint64()
                let role = try string(try roles.varint())
                let type: OSMRelation.MemberType
                switch try types.varint() {
                case 0: type = .node
                case 1: type = .way
                case 2: type = .relation
                case let other: throw WireError("relation \(id) has a member of unknown type \(other)")
                }
                members.append(OSMRelation.Member(type: type, ref: ref, role: role))
            }
        }
        let tags = try self.tags(keys, values)
        try visit(.relation(OSMRelation(id: id, members: members, tags: tags)))
    }

    // MARK: - Strings and coordinates

    @inline(__always)
    private func coordinate(_ lat: Int64, _ lon: Int64) -> Coordinate {
        // Dividing the exact integer nanodegrees (instead of multiplying by 1e-9) gives the
        // double nearest to the decimal value, so XML and PBF copies of a map agree exactly.
        Coordinate(latitude: Double(latOffset &+ granularity &* lat) / 1e9,
                   longitude: Double(lonOffset &+ granularity &* lon) / 1e9)
    }

    private mutating func tags(_ keys: WireReader?, _ values: WireReader?) throws -> [String: String] {
        guard var keys, var values, !keys.isAtEnd else { return [:] }
        try decodeStrings()
        var tags = [String: String](minimumCapacity: keys.varintCount())
        while !keys.isAtEnd {
            guard !values.isAtEnd else { throw WireError("more tag keys than values") }
            tags[try string(try keys.varint())] = try string(try values.varint())
        }
        return tags
    }

    @inline(__always)
    private func string(_ index: UInt64) throws -> String {
        guard index < UInt64(strings.count) else {
            throw WireError("string index \(index) outside the block's table of \(strings.count)")
        }
        return strings[Int(index)]
    }

    private mutating func decodeStrings() throws {
        guard !stringsDecoded else { return }
        stringsDecoded = true
        guard let stringTableRange else { return }
        var table = WireReader(bytes, range: stringTableRange)
        while let (number, wire) = try table.field() {
            if number == 1, wire == .lengthDelimited {
                strings.append(try table.string())
            } else {
                try table.skip(wire)
            }
        }
    }
}
