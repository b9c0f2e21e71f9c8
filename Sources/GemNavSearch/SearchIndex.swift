import Foundation
import GemNavCore

/// A loaded search index: memory-mapped, immutable, safe to query from any thread.
///
/// Loading maps the file and checks its header and checksum; nothing is decoded up front,
/// so a load takes a few milliseconds whatever the extract.
public final class SearchIndex: @unchecked Sendable {
    // @unchecked: every stored property is immutable after init and points into the
    // read-only mapping that `file` keeps alive for the index's lifetime.

    /// Longest query accepted, in characters.
    public static let maximumQueryLength = 256

    let file: IndexFileReader
    let strings: PackedColumn, stringStarts: PackedColumn
    let tokenBytes: PackedColumn, tokenStarts: PackedColumn
    let postingStarts: PackedColumn, postings: PackedColumn
    let recordLat: PackedColumn, recordLon: PackedColumn, recordName: PackedColumn
    let recordLocality: PackedColumn, addressedRecords: PackedColumn
    let recordStreet: PackedColumn, recordHouse: PackedColumn
    let recordKind: PackedColumn, recordCategory: PackedColumn, recordTag: PackedColumn
    let recordImportance: PackedColumn
    let recordOSM: PackedColumn, recordTokenStarts: PackedColumn, recordTokens: PackedColumn
    let geometryStarts: PackedColumn, geometry: PackedColumn
    let tagKeys: PackedColumn, tagValues: PackedColumn
    let localityName: PackedColumn, localityTokenStarts: PackedColumn, localityTokens: PackedColumn
    let streetAddressStarts: PackedColumn, addressHouse: PackedColumn
    let addressLat: PackedColumn, addressLon: PackedColumn
    let addressOSMStarts: PackedColumn, addressOSMBytes: PackedColumn
    let categoryStarts: PackedColumn, categoryRecords: PackedColumn
    let streetCellStarts: PackedColumn, streetCellRecords: PackedColumn
    let addressCellStarts: PackedColumn, addressCellItems: PackedColumn
    let grid: (originLat: Double, originLon: Double, cellLat: Double, cellLon: Double, columns: Int, rows: Int,
               addressDivisions: Int)
    /// Records `0..<placeCount` are the places (`place=*`), most important kinds first.
    let placeCount: Int

    /// The middle of the indexed area: where category searches without a bias point look.
    public let centre: Coordinate
    /// Number of records (places, streets, POIs); addresses come on top.
    public var recordCount: Int { recordKind.count }
    /// Number of house-numbered addresses.
    public var addressCount: Int { addressHouse.count }
    /// Number of distinct folded tokens.
    public var tokenCount: Int { tokenStarts.count - 1 }

    /// Maps the index at `url`.
    /// - Throws: `SearchError` with `.indexMissing`, `.indexCorrupt`, `.checksumMismatch`,
    ///   `.unsupportedVersion` or `.io`; each says to run `gemnav import`.
    public init(contentsOf url: URL) throws {
        file = try IndexFileReader(contentsOf: url)
        strings = file[.stringBytes]; stringStarts = file[.stringStarts]
        tokenBytes = file[.tokenBytes]; tokenStarts = file[.tokenStarts]
        postingStarts = file[.postingStarts]; postings = file[.postings]
        recordLat = file[.recordLat]; recordLon = file[.recordLon]; recordName = file[.recordName]
        recordLocality = file[.recordLocality]; addressedRecords = file[.addressedRecords]
        recordStreet = file[.recordStreet]; recordHouse = file[.recordHouse]
        recordKind = file[.recordKind]; recordCategory = file[.recordCategory]; recordTag = file[.recordTag]
        recordImportance = file[.recordImportance]
        recordOSM = file[.recordOSM]; recordTokenStarts = file[.recordTokenStarts]; recordTokens = file[.recordTokens]
        geometryStarts = file[.recordGeometryStarts]; geometry = file[.geometryBytes]
        tagKeys = file[.tagKeys]; tagValues = file[.tagValues]
        localityName = file[.localityName]; localityTokenStarts = file[.localityTokenStarts]
        localityTokens = file[.localityTokens]
        streetAddressStarts = file[.streetAddressStarts]; addressHouse = file[.addressHouse]
        addressLat = file[.addressLat]; addressLon = file[.addressLon]
        addressOSMStarts = file[.addressOSMStarts]; addressOSMBytes = file[.addressOSMBytes]
        categoryStarts = file[.categoryStarts]; categoryRecords = file[.categoryRecords]
        streetCellStarts = file[.streetCellStarts]; streetCellRecords = file[.streetCellRecords]
        addressCellStarts = file[.addressCellStarts]; addressCellItems = file[.addressCellItems]
        let meta = file[.meta]
        guard meta.count == MetaField.allCases.count,
              recordTokenStarts.count == recordKind.count + 1, postingStarts.count == tokenStarts.count,
              geometryStarts.count == recordKind.count + 1, stringStarts.count >= 1,
              streetAddressStarts.count == recordKind.count + 1
        else { throw SearchError(.indexCorrupt(reason: "inconsistent section sizes"), url: url) }
        func m(_ f: MetaField) -> UInt64 { meta[f.rawValue] }
        grid = (E7.decode(m(.gridLat)), E7.decode(m(.gridLon)), Double(m(.cellLat)) * 1e-7,
                Double(m(.cellLon)) * 1e-7, Int(m(.columns)), Int(m(.rows)), max(1, Int(m(.addressDivisions))))
        centre = Coordinate(latitude: E7.decode(m(.centreLat)), longitude: E7.decode(m(.centreLon)))
        placeCount = Int(m(.placeCount))
        guard grid.columns * grid.rows + 1 == streetCellStarts.count,
              grid.columns * grid.rows * grid.addressDivisions * grid.addressDivisions + 1 == addressCellStarts.count
        else {
            throw SearchError(.indexCorrupt(reason: "grid size does not match its cells"), url: url)
        }
    }

    // MARK: Column accessors shared by search and reverse geocoding.

    /// The string with pool id `id`.
    func string(_ id: Int) -> String {
        String(decoding: strings.bytes(stringStarts.int(id), stringStarts.int(id + 1)), as: UTF8.self)
    }

    /// The string of a `+1`-biased optional reference (0 = none).
    func optionalString(_ biased: UInt64) -> String? { biased == 0 ? nil : string(Int(biased) - 1) }

    /// The folded bytes of token `id`.
    @inline(__always) func token(_ id: Int) -> UnsafeRawBufferPointer {
        tokenBytes.bytes(tokenStarts.int(id), tokenStarts.int(id + 1))
    }

    func coordinate(ofRecord r: Int) -> Coordinate {
        Coordinate(latitude: E7.decode(recordLat[r]), longitude: E7.decode(recordLon[r]))
    }

    /// Where address `a` of street record `street` is.
    func coordinate(ofAddress a: Int, street: Int) -> Coordinate {
        Coordinate(latitude: AddressOffset.decode(addressLat[a], from: recordLat[street]),
                   longitude: AddressOffset.decode(addressLon[a], from: recordLon[street]))
    }

    /// The OSM object address `a` comes from.
    func osm(ofAddress a: Int) -> OSMRef {
        OSMRef(packed: BlockVarints.value(a, bytes: addressOSMBytes.bytes(0, addressOSMBytes.count), starts: addressOSMStarts))
    }

    /// The street record address `a` belongs to.
    func street(ofAddress a: Int) -> Int {
        var lo = 0, hi = recordCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if streetAddressStarts.int(mid + 1) <= a { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func kind(ofRecord r: Int) -> SearchResultKind { SearchResultKind.from(code: recordKind[r]) }

    func locality(ofRecord r: Int) -> String? {
        let l = recordLocality.int(r)
        return l == 0 ? nil : string(localityName.int(l - 1))
    }

    /// The street and house number record `r` (a POI) carries itself, if any.
    func ownAddress(ofRecord r: Int) -> (street: String?, housenumber: String?) {
        var lo = 0, hi = addressedRecords.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if addressedRecords.int(mid) < r { lo = mid + 1 } else { hi = mid }
        }
        guard lo < addressedRecords.count, addressedRecords.int(lo) == r else { return (nil, nil) }
        return (optionalString(recordStreet[lo]), optionalString(recordHouse[lo]))
    }

    /// The range of addresses attached to street record `r`.
    func addresses(ofStreet r: Int) -> Range<Int> {
        streetAddressStarts.int(r)..<streetAddressStarts.int(r + 1)
    }
}
