import Foundation

/// A Valhalla `/route` answer: the best trip and, when asked for, `alternates`. Only what
/// GemNav's route model needs is read; everything else Valhalla sends is ignored.
struct ValhallaResponse: Decodable {
    struct Alternate: Decodable {
        var trip: Trip
    }

    struct Trip: Decodable {
        var legs: [Leg]
        var summary: Summary
    }

    struct Summary: Decodable {
        /// Kilometres (the request asks for kilometres).
        var length: Double
        /// Seconds.
        var time: Double
        /// Valhalla's routing cost (its weight).
        var cost: Double?
    }

    struct Leg: Decodable {
        var maneuvers: [Maneuver]
        var summary: Summary
        /// The leg's geometry, an encoded polyline with six decimals.
        var shape: String
    }

    struct Maneuver: Decodable {
        /// Valhalla's maneuver type code (`DirectionsLeg_Maneuver_Type`).
        var type: Int
        var instruction: String?
        var streetNames: [String]?
        var length: Double
        var time: Double
        var cost: Double?
        var beginShapeIndex: Int
        var endShapeIndex: Int
        var bearingBefore: Int?
        var bearingAfter: Int?
        var roundaboutExitCount: Int?
        /// `drive`, `pedestrian`, `bicycle` or `transit`.
        var travelMode: String?
        var sign: Sign?
        var toll: Bool?
        var highway: Bool?
        var ferry: Bool?

        enum CodingKeys: String, CodingKey {
            case type, instruction, length, time, cost, sign, toll, highway, ferry
            case streetNames = "street_names", beginShapeIndex = "begin_shape_index"
            case endShapeIndex = "end_shape_index", bearingBefore = "bearing_before", bearingAfter = "bearing_after"
            case roundaboutExitCount = "roundabout_exit_count", travelMode = "travel_mode"
        }
    }

    /// Signposts at a maneuver: exit numbers, branch refs ("A8") and toward names ("Nice").
    struct Sign: Decodable {
        struct Element: Decodable { var text: String }

        var exitNumberElements: [Element]?
        var exitBranchElements: [Element]?
        var exitTowardElements: [Element]?

        enum CodingKeys: String, CodingKey {
            case exitNumberElements = "exit_number_elements", exitBranchElements = "exit_branch_elements"
            case exitTowardElements = "exit_toward_elements"
        }
    }

    var trip: Trip
    var alternates: [Alternate]?
}

/// Valhalla's error body: `{"error_code":442,"error":"No path could be found for input",
/// "status_code":400,"status":"Bad Request"}`.
struct ValhallaErrorBody: Decodable {
    var errorCode: Int
    var error: String

    enum CodingKeys: String, CodingKey {
        case errorCode = "error_code", error
    }

    /// Error codes that mean "no route for these points" rather than a broken request or
    /// server: 170 unconnected regions, 171 no road near a point, 172 a point too far from
    /// the road, 440–442 unreachable.
    var meansNoRoute: Bool { (170...172).contains(errorCode) || (440...442).contains(errorCode) }
}
