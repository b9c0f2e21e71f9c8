import Foundation
import GemNavCore

/// How Valhalla should cost the roads: its `costing` model for a travel mode.
public enum ValhallaCosting: String, Sendable, Hashable, CaseIterable {
    /// By car.
    case auto
    /// By bicycle.
    case bicycle
    /// On foot.
    case pedestrian
    /// By lorry (for the truck profile, once GemNav has one).
    case truck
}

/// The body of a Valhalla `POST /route` request: every point a `break` (a place where the
/// route stops and a leg ends), the heading at the origin for reroutes, costing and its avoid
/// options, alternates, and turn-by-turn directions in kilometres and the app's language.
struct ValhallaRequest: Encodable, Hashable {
    struct Location: Encodable, Hashable {
        var lat: Double
        var lon: Double
        var type = "break"
        var heading: Int?
        var headingTolerance: Int?

        enum CodingKeys: String, CodingKey {
            case lat, lon, type, heading
            case headingTolerance = "heading_tolerance"
        }
    }

    /// The costing model's options. Valhalla's avoid options are preferences from 0 (avoid)
    /// to 1 (favour); 0 is as close to "exclude" as its costing models come. A truck's size
    /// goes in metres and tonnes, as GemNav keeps it.
    struct CostingOptions: Encodable, Hashable {
        var useTolls: Int?
        var useHighways: Int?
        var useFerry: Int?
        var height: Double?
        var width: Double?
        var length: Double?
        var weight: Double?
        var axleLoad: Double?

        enum CodingKeys: String, CodingKey {
            case useTolls = "use_tolls", useHighways = "use_highways", useFerry = "use_ferry"
            case height, width, length, weight, axleLoad = "axle_load"
        }
    }

    struct DirectionsOptions: Encodable, Hashable {
        var units = "kilometers"
        var language: String
    }

    var locations: [Location]
    var costing: String
    var costingOptions: [String: CostingOptions]?
    var alternates: Int?
    var directionsOptions: DirectionsOptions

    enum CodingKeys: String, CodingKey {
        case locations, costing, alternates
        case costingOptions = "costing_options", directionsOptions = "directions_options"
    }

    /// The request for `query` with `costing`, instructions in `language`.
    init(_ query: RouteQuery, costing: ValhallaCosting, language: String, headingTolerance: Double) {
        locations = query.waypoints.map { Location(lat: Self.rounded($0.latitude), lon: Self.rounded($0.longitude)) }
        if let heading = query.heading, heading.isFinite, !locations.isEmpty {
            locations[0].heading = (Int(heading.rounded()) % 360 + 360) % 360
            locations[0].headingTolerance = Int(headingTolerance)
        }
        self.costing = costing.rawValue
        var options = CostingOptions(useTolls: query.avoid.contains(.tolls) ? 0 : nil,
                                     useHighways: query.avoid.contains(.motorways) ? 0 : nil,
                                     useFerry: query.avoid.contains(.ferries) ? 0 : nil)
        if costing == .truck, let v = query.vehicle {
            (options.height, options.width, options.length) = (v.height, v.width, v.length)
            (options.weight, options.axleLoad) = (v.weight, v.axleLoad)
        }
        if options != CostingOptions() { costingOptions = [costing.rawValue: options] }
        // Valhalla computes alternates only between two locations.
        if query.alternatives > 0 && query.waypoints.count == 2 { alternates = query.alternatives }
        directionsOptions = DirectionsOptions(language: language)
    }

    /// Six decimals (about 10 cm), as OSRM URLs carry them: the body stays short and stable.
    private static func rounded(_ degrees: Double) -> Double { (degrees * 1e6).rounded() / 1e6 }

    /// The JSON body, keys sorted so equal requests are equal bytes.
    func body() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain numbers and strings cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }
}
