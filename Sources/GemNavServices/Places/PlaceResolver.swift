import Foundation
import GemNavCore
import GemNavSearch

/// Turns `--from`/`--to`/`--via` arguments into points: `LAT,LON` as is, anything else through
/// the search index. A name that fits several places is refused with the best choices listed,
/// because driving to the wrong one of two "Rue Grimaldi" is worse than asking.
public struct PlaceResolver: Sendable {
    /// The data set's index, nil when it has none.
    public let index: SearchIndex?
    /// Where the index was expected, for the error when it is missing.
    public let indexPath: String

    /// Places closer than this are one place found twice (a street and its address).
    static let samePlaceDistance = 300.0
    /// Choices listed for an ambiguous name.
    static let choiceCount = 5

    /// Creates a resolver.
    public init(index: SearchIndex?, indexPath: String) {
        self.index = index
        self.indexPath = indexPath
    }

    /// Resolves one argument; `near` biases name lookups (the trip's previous point).
    /// - Throws: `AppError` `.placeNotFound`, `.ambiguousPlace` or `.searchUnavailable`, or
    ///   `SearchError` for an empty or over-long name.
    public func resolve(_ text: String, near: Coordinate? = nil) throws -> Place {
        if let c = Coordinate(latLonString: text) { return Place(name: text, coordinate: c) }
        guard let index else { throw AppError(.searchUnavailable(place: text, indexPath: indexPath)) }
        guard let best = try index.geocode(text, near: near) else { throw AppError(.placeNotFound(text)) }
        let candidates = Self.distinct([best] + (try index.search(text, near: near, limit: 10)))
        let wanted = TextFolding.tokens(text)
        let exact = candidates.filter { TextFolding.tokens($0.title) == wanted }
        if exact.count == 1 { return Place(exact[0]) }
        if exact.count > 1 {
            // The same name on a city and a street is not ambiguous: the engine ranks the more
            // important kind first. The same name on two streets is.
            if Self.rank(exact[0].kind) < Self.rank(exact[1].kind) { return Place(exact[0]) }
            throw AppError(.ambiguousPlace(text, choices: Array(exact.prefix(Self.choiceCount))))
        }
        let covering = candidates.filter { Set(TextFolding.tokens($0.title)).isSuperset(of: wanted) }
        if candidates.count == 1 || covering.count == 1 { return Place(covering.first ?? best) }
        throw AppError(.ambiguousPlace(text, choices: Array(candidates.prefix(Self.choiceCount))))
    }

    /// Resolves every argument in order, biasing each name towards the point before it.
    public func resolve(all texts: [String]) throws -> [Place] {
        var places: [Place] = []
        for text in texts { places.append(try resolve(text, near: places.last?.coordinate)) }
        return places
    }

    /// "Title, subtitle" for listings.
    public static func label(_ r: SearchResult) -> String {
        r.subtitle.isEmpty ? "\(r.title) [\(r.kind.rawValue)]" : "\(r.title), \(r.subtitle) [\(r.kind.rawValue)]"
    }

    /// `LAT,LON` with six decimals (about 10 cm), the form the CLI accepts back.
    public static func latLon(_ c: Coordinate) -> String {
        String(format: "%.6f,%.6f", c.latitude, c.longitude)
    }

    /// Results in order, without later ones that are the same name at (nearly) the same spot.
    static func distinct(_ results: [SearchResult]) -> [SearchResult] {
        var kept: [SearchResult] = []
        for r in results where !kept.contains(where: {
            $0.title == r.title && Geodesy.distance($0.coordinate, r.coordinate) < samePlaceDistance
        }) {
            kept.append(r)
        }
        return kept
    }

    private static func rank(_ kind: SearchResultKind) -> Int {
        SearchResultKind.allCases.firstIndex(of: kind) ?? Int.max
    }
}
