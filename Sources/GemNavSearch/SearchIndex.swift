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
    let recordLocality: PackedColumn, recordStreet: PackedColumn, recordHouse: PackedColumn
    let recordKind: PackedColumn, recordCategory: PackedColumn, recordTag: PackedColumn
    let recordImportance: PackedColumn
    let recordOSM: PackedColumn, recordTokenStarts: PackedColumn, recordTokens: PackedColumn
    let geometryStarts: PackedColumn, geometry: PackedColumn
    let tagKeys: PackedColumn, tagValues: PackedColumn
    let localityName: PackedColumn, localityTokenStarts: PackedColumn, localityTokens: PackedColumn
    let addressStreet: PackedColumn, addressHouse: PackedColumn
    let addressLat: PackedColumn, addressLon: PackedColumn, addressOSM: PackedColumn
    let categoryStarts: PackedColumn, categoryRecords: PackedColumn
    let streetCellStarts: PackedColumn, streetCellRecords: PackedColumn
    let addressCellStarts: PackedColumn, addressCellItems: PackedColumn
    let grid: (originLat: Double, originLon: Double, cellLat: Double, cellLon: Double, columns: Int, rows: Int)
    /// Records `0..<placeCount` are the places (`place=*`), most important kinds first.
    let placeCount: Int

    /// The middle of the indexed area: where category searches without a bias point look.
    public let centre: Coordinate
    /// Number of records (places, streets, POIs); addresses come on top.
    public var recordCount: Int { recordKind.count }
    /// Number of house-numbered addresses.
    public var addressCount: Int { addressStreet.count }
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
        recordLocality = file[.recordLocality]; recordStreet = file[.recordStreet]; recordHouse = file[.recordHouse]
        recordKind = file[.recordKind]; recordCategory = file[.recordCategory]; recordTag = file[.recordTag]
        recordImportance = file[.recordImportance]
        recordOSM = file[.recordOSM]; recordTokenStarts = file[.recordTokenStarts]; recordTokens = file[.recordTokens]
        geometryStarts = file[.recordGeometryStarts]; geometry = file[.geometryBytes]
        tagKeys = file[.tagKeys]; tagValues = file[.tagValues]
        localityName = file[.localityName]; localityTokenStarts = file[.localityTokenStarts]
        localityTokens = file[.localityTokens]
        addressStreet = file[.addressStreet]; addressHouse = file[.addressHouse]
        addressLat = file[.addressLat]; addressLon = file[.addressLon]; addressOSM = file[.addressOSM]
        categoryStarts = file[.categoryStarts]; categoryRecords = file[.categoryRecords]
        streetCellStarts = file[.streetCellStarts]; streetCellRecords = file[.streetCellRecords]
        addressCellStarts = file[.addressCellStarts]; addressCellItems = file[.addressCellItems]
        let meta = file[.meta]
        guard meta.count == MetaField.allCases.count,
              recordTokenStarts.count == recordKind.count + 1, postingStarts.count == tokenStarts.count,
              geometryStarts.count == recordKind.count + 1, stringStarts.count >= 1
        else { throw SearchError(.indexCorrupt(reason: "inconsistent section sizes"), url: url) }
        func m(_ f: MetaField) -> UInt64 { meta[f.rawValue] }
        grid = (E7.decode(m(.gridLat)), E7.decode(m(.gridLon)), Double(m(.cellLat)) * 1e-7,
                Double(m(.cellLon)) * 1e-7, Int(m(.columns)), Int(m(.rows)))
        centre = Coordinate(latitude: E7.decode(m(.centreLat)), longitude: E7.decode(m(.centreLon)))
        placeCount = Int(m(.placeCount))
        guard grid.columns * grid.rows + 1 == streetCellStarts.count else {
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

    func coordinate(ofAddress a: Int) -> Coordinate {
        Coordinate(latitude: E7.decode(addressLat[a]), longitude: E7.decode(addressLon[a]))
    }

    func kind(ofRecord r: Int) -> SearchResultKind { SearchResultKind.from(code: recordKind[r]) }

    func locality(ofRecord r: Int) -> String? {
        let l = recordLocality.int(r)
        return l == 0 ? nil : string(localityName.int(l - 1))
    }

    /// The range of addresses attached to street record `r` (addresses are sorted by street).
    func addresses(ofStreet r: Int) -> Range<Int> {
        var lo = 0, hi = addressStreet.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if addressStreet.int(mid) < r { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < addressStreet.count, addressStreet.int(end) == r { end += 1 }
        return lo..<end
    }
}
