import Foundation
import GemNavCore

/// Fields of the `meta` section, by position.
enum MetaField: Int, CaseIterable {
    case gridLat, gridLon, cellLat, cellLon, columns, rows, centreLat, centreLon, placeCount, addressDivisions
}

/// Degrees ↔ the biased 1e-7 integers the index stores (biased so they are unsigned).
enum E7 {
    static func encode(_ degrees: Double) -> UInt64 { UInt64(Int64((degrees * 1e7).rounded()) + (1 << 31)) }
    @inline(__always) static func decode(_ stored: UInt64) -> Double { Double(Int64(stored) - (1 << 31)) * 1e-7 }
}

/// Address positions as zig-zag offsets from their street's coordinate, in 1e-5 degree
/// steps (about a metre), computed from the stored (1e-7 rounded) street coordinate so
/// decoding lands on the same grid.
enum AddressOffset {
    static let step: Int64 = 100

    static func encode(_ degrees: Double, from origin: Double) -> UInt64 {
        let delta = Int64((degrees * 1e7).rounded()) - Int64((origin * 1e7).rounded())
        return GeometryCodec.zigzag(Int64((Double(delta) / Double(step)).rounded()))
    }

    @inline(__always) static func decode(_ stored: UInt64, from origin: UInt64) -> Double {
        E7.decode(UInt64(Int64(origin) + GeometryCodec.unzigzag(stored) * step))
    }
}

/// The encoded index with its counts.
struct IndexTables {
    var writer: IndexFileWriter
    var statistics: SearchIndexStatistics
    func encoded() -> Data { writer.encoded() }
}

/// Orders records by importance and lays them out as the file's columns: string pool, token
/// dictionary with postings, per-record columns, addresses, categories and the two grids.
struct IndexEncoder {
    var records: [BuildRecord]
    var addresses: [BuildAddress]

    /// Cell size of the reverse-geocoding grids in degrees of latitude (~550 m).
    static let cellDegrees = 0.005

    func encode() -> IndexTables {
        // Record ids follow importance (kind, then length or namedness), so postings lists,
        // which are sorted by id, list the most important records first.
        let order = records.indices.sorted {
            let a = records[$0], b = records[$1]
            if a.kind.rank != b.kind.rank { return a.kind.rank < b.kind.rank }
            if a.importance != b.importance { return a.importance > b.importance }
            return a.name < b.name
        }
        var newIndex = [Int](repeating: 0, count: records.count)
        for (new, old) in order.enumerated() { newIndex[old] = new }
        let sorted = order.map { records[$0] }
        let addrs = addresses.map { a -> BuildAddress in
            var a = a
            a.street = newIndex[a.street]
            return a
        }.sorted { ($0.street, $0.housenumber) < ($1.street, $1.housenumber) }

        var w = IndexFileWriter()
        var strings = StringPool()
        var tags: [String: Int] = [:]
        var tagKeys: [Int] = [], tagValues: [Int] = []
        var localities: [String: Int] = [:]
        var localityNames: [Int] = []
        var localityList: [String] = []
        var recordTokens: [[String]] = []
        var geometry: [UInt8] = [], geometryStarts: [Int] = []
        var cols = RecordColumns()
        for r in sorted {
            let tag = r.key + "=" + r.value
            if tags[tag] == nil {
                tags[tag] = tagKeys.count
                tagKeys.append(strings.id(r.key))
                tagValues.append(strings.id(r.value))
            }
            var locality = 0
            if let l = r.locality {
                if localities[l] == nil {
                    localities[l] = localityNames.count
                    localityNames.append(strings.id(l))
                    localityList.append(l)
                }
                locality = localities[l]! + 1
            }
            cols.lat.append(E7.encode(r.coordinate.latitude))
            cols.lon.append(E7.encode(r.coordinate.longitude))
            cols.name.append(strings.id(r.name))
            cols.locality.append(locality)
            if r.street != nil || r.housenumber != nil {
                cols.addressed.append(cols.name.count - 1)
                cols.street.append(r.street.map { strings.id($0) + 1 } ?? 0)
                cols.house.append(r.housenumber.map { strings.id($0) + 1 } ?? 0)
            }
            cols.kind.append(Int(r.kind.code))
            cols.category.append(Int(r.category?.code ?? 0))
            cols.tag.append(tags[tag]!)
            cols.importance.append(Int((min(1, max(0, r.importance)) * 255).rounded()))
            cols.osm.append(r.osm.packed)
            var tokens = TextFolding.indexTokens(r.name)
            for alias in r.aliases {
                // "A 41" is also typed "a41".
                let joined = TextFolding.tokens(alias).joined()
                for t in TextFolding.indexTokens(alias) + [joined] where !tokens.contains(t) { tokens.append(t) }
            }
            recordTokens.append(tokens)
            geometryStarts.append(geometry.count)
            if !r.geometry.isEmpty { GeometryCodec.encode(r.geometry, origin: r.coordinate, into: &geometry) }
        }
        geometryStarts.append(geometry.count)

        // Token dictionary: every record, locality and house-number token, sorted by UTF-8
        // bytes (the order the query side binary-searches in), so a prefix is a contiguous range.
        let localityTokens = localityList.map { TextFolding.tokens($0) }
        let houseTokens = addrs.map { TextFolding.tokens($0.housenumber) }
        let vocabulary = Set(recordTokens.joined()).union(localityTokens.joined()).union(houseTokens.joined())
            .map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var tokenID: [String: Int] = [:]
        var tokenBytes: [UInt8] = [], tokenStarts: [Int] = []
        for (i, t) in vocabulary.enumerated() {
            tokenID[String(decoding: t, as: UTF8.self)] = i
            tokenStarts.append(tokenBytes.count)
            tokenBytes.append(contentsOf: t)
        }
        tokenStarts.append(tokenBytes.count)
        var postings = [[Int]](repeating: [], count: vocabulary.count)
        var forward: [Int] = [], forwardStarts: [Int] = []
        for (r, tokens) in recordTokens.enumerated() {
            forwardStarts.append(forward.count)
            for t in tokens {
                let id = tokenID[t]!
                forward.append(id)
                postings[id].append(r)
            }
        }
        forwardStarts.append(forward.count)
        // A house number also lists its street in its postings (not in the street's own
        // tokens): "rua 31 d" can then start from the few streets with a number 31 instead of
        // every "rua", and the number still only matches as an address.
        for (a, tokens) in houseTokens.enumerated() {
            for t in tokens {
                let id = tokenID[t]!
                if postings[id].last != addrs[a].street { postings[id].append(addrs[a].street) }
            }
        }
        for id in postings.indices where !postings[id].isEmpty {
            postings[id] = Array(Set(postings[id])).sorted()
        }
        var localityTokenIDs: [Int] = [], localityStarts: [Int] = []
        for tokens in localityTokens {
            localityStarts.append(localityTokenIDs.count)
            localityTokenIDs.append(contentsOf: tokens.map { tokenID[$0]! })
        }
        localityStarts.append(localityTokenIDs.count)

        var categories = [[Int]](repeating: [], count: SearchCategory.allCases.count)
        for (i, r) in sorted.enumerated() {
            if let c = r.category { categories[Int(c.code)].append(i) }
        }

        let addressHouses = addrs.map { strings.id($0.housenumber) }
        let grid = ReverseGrid(records: sorted, addresses: addrs)
        w.column(.meta, grid.meta(placeCount: sorted.prefix { $0.kind.isPlace }.count))
        w.blob(.stringBytes, strings.bytes)
        w.column(.stringStarts, strings.starts + [strings.bytes.count])
        w.blob(.tokenBytes, tokenBytes)
        w.column(.tokenStarts, tokenStarts)
        w.column(.postingStarts, postings.reduce(into: [0]) { $0.append($0.last! + $1.count) })
        w.column(.postings, Array(postings.joined()))
        cols.write(into: &w)
        w.column(.recordTokenStarts, forwardStarts)
        w.column(.recordTokens, forward)
        w.column(.recordGeometryStarts, geometryStarts)
        w.blob(.geometryBytes, geometry)
        w.column(.tagKeys, tagKeys)
        w.column(.tagValues, tagValues)
        w.column(.localityName, localityNames)
        w.column(.localityTokenStarts, localityStarts)
        w.column(.localityTokens, localityTokenIDs)
        // Addresses are sorted by street: each street's addresses are one range, and a
        // position is stored as a ~1 m step offset from the street's own coordinate, which
        // takes 2 bytes where an absolute coordinate takes 4.
        var streetAddressStarts = [Int](repeating: 0, count: sorted.count + 1)
        for a in addrs { streetAddressStarts[a.street + 1] += 1 }
        for i in 1..<streetAddressStarts.count { streetAddressStarts[i] += streetAddressStarts[i - 1] }
        w.column(.streetAddressStarts, streetAddressStarts)
        w.column(.addressHouse, addressHouses)
        w.column(.addressLat, addrs.map { AddressOffset.encode($0.coordinate.latitude, from: sorted[$0.street].coordinate.latitude) })
        w.column(.addressLon, addrs.map { AddressOffset.encode($0.coordinate.longitude, from: sorted[$0.street].coordinate.longitude) })
        let osmIDs = BlockVarints.encode(addrs.map(\.osm.packed))
        w.column(.addressOSMStarts, osmIDs.starts)
        w.blob(.addressOSMBytes, osmIDs.bytes)
        w.column(.categoryStarts, categories.reduce(into: [0]) { $0.append($0.last! + $1.count) })
        w.column(.categoryRecords, Array(categories.joined()))
        grid.write(into: &w)

        let stats = SearchIndexStatistics(
            places: sorted.filter { $0.kind.isPlace }.count,
            streets: sorted.filter { $0.kind == .street }.count,
            pois: sorted.filter { !$0.kind.isPlace && $0.kind != .street }.count,
            addresses: addrs.count, tokens: vocabulary.count)
        return IndexTables(writer: w, statistics: stats)
    }
}

/// The per-record columns, filled in record order.
private struct RecordColumns {
    var lat: [UInt64] = [], lon: [UInt64] = [], osm: [UInt64] = []
    var name: [Int] = [], locality: [Int] = []
    /// The few records (POIs) with an address of their own, and that address: a side table,
    /// since a column over all records would be mostly zeros.
    var addressed: [Int] = [], street: [Int] = [], house: [Int] = []
    var kind: [Int] = [], category: [Int] = [], tag: [Int] = [], importance: [Int] = []

    func write(into w: inout IndexFileWriter) {
        w.column(.recordLat, lat)
        w.column(.recordLon, lon)
        w.column(.recordName, name)
        w.column(.recordLocality, locality)
        w.column(.addressedRecords, addressed)
        w.column(.recordStreet, street)
        w.column(.recordHouse, house)
        w.column(.recordKind, kind)
        w.column(.recordCategory, category)
        w.column(.recordTag, tag)
        w.column(.recordImportance, importance)
        w.column(.recordOSM, osm)
    }
}

/// Deduplicated UTF-8 strings, addressed by id.
struct StringPool {
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int] = []
    private var ids: [String: Int] = [:]

    mutating func id(_ s: String) -> Int {
        if let id = ids[s] { return id }
        let id = starts.count
        ids[s] = id
        starts.append(bytes.count)
        bytes.append(contentsOf: s.utf8)
        return id
    }
}
