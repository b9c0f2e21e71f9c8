import GemNavCore

/// Why an OSRM JSON body could not be turned into routes.
public struct OSRMDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The body is not JSON, or its top level is not an object.
        case invalidJSON
        /// A required field is absent.
        case missingField
        /// A field has the wrong JSON type; `expected` names the type wanted.
        case wrongType(expected: String)
        /// A geometry could not be decoded (bad polyline or GeoJSON).
        case invalidGeometry
        /// A field has a value outside what OSRM defines (e.g. an unknown maneuver type).
        case invalidValue(String)
        /// The body is an OSRM error response (`code` other than "Ok").
        case serviceError(code: String, message: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where, as a JSON path such as `routes[0].legs[1].steps[3].maneuver.type`.
    public var path: String

    /// Creates an error.
    public init(_ kind: Kind, at path: String) {
        self.kind = kind
        self.path = path
    }

    /// A one-line explanation naming the path.
    public var description: String {
        switch kind {
        case .invalidJSON: return "OSRM body is not a JSON object"
        case .missingField: return "missing field \(path)"
        case .wrongType(let expected): return "\(path) should be \(expected)"
        case .invalidGeometry: return "\(path) is not a valid geometry"
        case .invalidValue(let value): return "\(path) has unsupported value \"\(value)\""
        case .serviceError(let code, let message): return "OSRM error \(code): \(message)"
        }
    }
}
