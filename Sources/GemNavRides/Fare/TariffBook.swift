import Foundation
import GemNavCore

/// A region with its own tariff: a country (or a city state) and the box around it.
public struct TariffRegion: Sendable, Hashable, Codable {
    /// Short id ("MC").
    public var id: String
    /// Name shown ("Monaco").
    public var name: String
    /// South-west and north-east corners: `[minLat, minLon, maxLat, maxLon]`.
    public var box: [Double]
    /// The prices.
    public var tariff: Tariff

    /// The box as coordinates.
    public var boundingBox: BoundingBox {
        BoundingBox(min: Coordinate(latitude: box[0], longitude: box[1]),
                    max: Coordinate(latitude: box[2], longitude: box[3]))
    }

    /// Square degrees covered: the tie-break between nested regions (Monaco inside France's box).
    var area: Double { (box[2] - box[0]) * (box[3] - box[1]) }
}

/// Every region's tariff, read from a data file (`tariffs.json`, bundled with the module), and
/// the rule that picks one for a map.
///
/// The map's country is not in the map data (the routing graph and the search index keep no
/// country), so it is found from where the map is: the region whose box contains the centre of
/// the map's bounding box; when boxes nest (Monaco lies inside France's box) the smallest wins;
/// when none contains it, the `fallback`.
public struct TariffBook: Sendable, Hashable, Codable {
    /// The regions, in any order.
    public var regions: [TariffRegion]
    /// Prices for a map in no listed region.
    public var fallback: Tariff

    /// Creates a book.
    public init(regions: [TariffRegion], fallback: Tariff) {
        self.regions = regions
        self.fallback = fallback
    }

    /// Reads and checks a tariff file.
    /// - Throws: `RideError` `.tariffData` naming what is wrong.
    public init(contentsOf url: URL) throws(RideError) {
        let book: TariffBook
        do {
            book = try JSONDecoder().decode(TariffBook.self, from: Data(contentsOf: url))
        } catch {
            throw RideError(.tariffData("\(url.lastPathComponent): \(error)"))
        }
        if let problem = book.fallback.problem { throw RideError(.tariffData("fallback: \(problem)")) }
        for region in book.regions {
            guard region.box.count == 4, region.box[0] < region.box[2], region.box[1] < region.box[3] else {
                throw RideError(.tariffData("\(region.id): box must be [minLat, minLon, maxLat, maxLon]"))
            }
            if let problem = region.tariff.problem { throw RideError(.tariffData("\(region.id): \(problem)")) }
        }
        self = book
    }

    /// The tariffs shipped with GemNav.
    /// - Throws: `RideError` `.tariffData` when the bundled file is missing or damaged.
    public static func bundled() throws(RideError) -> TariffBook {
        guard let url = Bundle.module.url(forResource: "tariffs", withExtension: "json") else {
            throw RideError(.tariffData("tariffs.json is missing from the GemNavRides bundle"))
        }
        return try TariffBook(contentsOf: url)
    }

    /// The region of a map covering `box`, nil when it is in none (the fallback applies).
    public func region(forMap box: BoundingBox) -> TariffRegion? {
        let centre = Coordinate(latitude: (box.min.latitude + box.max.latitude) / 2,
                                longitude: (box.min.longitude + box.max.longitude) / 2)
        return regions.filter { $0.boundingBox.contains(centre) }.min { $0.area < $1.area }
    }

    /// The tariff for a map covering `box`.
    public func tariff(forMap box: BoundingBox) -> Tariff {
        region(forMap: box)?.tariff ?? fallback
    }
}
