import Foundation
import GemNavCore
import GemNavSearch

/// Answers `/search` and `/reverse` with Photon-shaped GeoJSON FeatureCollections.
struct SearchService: Sendable {
    let index: SearchIndex?
    let limits: ServerLimits

    /// `/search?q=&lat=&lon=&limit=`: search-ahead results, biased towards lat/lon if given.
    func search(_ query: inout QueryString) throws -> [UInt8] {
        let index = try available()
        guard let q = query.take("q") else {
            throw ServerError(.invalidQuery, "missing search term 'q': /search?q=casino")
        }
        let near = try Self.point(&query, required: false)
        var limit = 10
        if let v = query.take("limit") {
            guard let n = Int(v), (1...limits.maxSearchResults).contains(n) else {
                throw ServerError(.invalidValue, "limit '\(v)' is not a number from 1 to \(limits.maxSearchResults)")
            }
            limit = n
        }
        try query.rejectUnread(known: ["q", "lat", "lon", "limit"])
        do {
            return Array(PhotonGeoJSON.encode(try index.search(q, near: near, limit: limit)))
        } catch let e as SearchError {
            throw ServerError(e)
        }
    }

    /// `/reverse?lat=&lon=`: the address or street at the point, or an empty collection.
    func reverse(_ query: inout QueryString) throws -> [UInt8] {
        let index = try available()
        let point = try Self.point(&query, required: true)
        try query.rejectUnread(known: ["lat", "lon"])
        return Array(PhotonGeoJSON.encode(point.flatMap(index.reverse).map { [$0] } ?? []))
    }

    private func available() throws -> SearchIndex {
        guard let index else {
            throw ServerError(.noSearchIndex,
                              "This data directory has no search index; rebuild it with `gemnav import` (without --skip-search)")
        }
        return index
    }

    /// `lat` and `lon`, both or (unless `required`) neither.
    static func point(_ query: inout QueryString, required: Bool) throws -> Coordinate? {
        let lat = query.take("lat"), lon = query.take("lon")
        if lat == nil, lon == nil, !required { return nil }
        guard let lat, let lon, let la = OSRMPath.number(lat[...]), let lo = OSRMPath.number(lon[...]) else {
            throw ServerError(.invalidQuery, "give both lat and lon as decimal degrees, e.g. lat=43.7384&lon=7.4246")
        }
        let c = Coordinate(latitude: la, longitude: lo)
        guard c.isValid else { throw ServerError(.invalidValue, "lat \(lat), lon \(lon) is outside -90…90, -180…180") }
        return c
    }
}
