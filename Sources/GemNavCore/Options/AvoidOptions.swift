import Foundation

/// Road kinds a route may be asked to avoid entirely: the one avoid type of every layer (the
/// engine's exclusions, reroutes, the OSRM `exclude` parameter, the app's settings). The raw
/// bits are the graph's edge flags for the same road kinds, so the engine masks edges with them.
public struct AvoidOptions: OptionSet, Sendable, Hashable, Codable {
    /// Raw bits.
    public let rawValue: UInt8
    /// Creates options from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Toll roads.
    public static let tolls = AvoidOptions(rawValue: 1)
    /// Motorways and their links.
    public static let motorways = AvoidOptions(rawValue: 2)
    /// Ferries.
    public static let ferries = AvoidOptions(rawValue: 4)

    /// Parses a comma-separated list (`tolls,motorways,ferries`; OSRM's singular `toll`,
    /// `motorway`, `ferry` too). Returns nil naming nothing on an unknown word.
    public init?(list: String) {
        self = []
        for word in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch word {
            case "toll", "tolls": insert(.tolls)
            case "motorway", "motorways", "highway", "highways": insert(.motorways)
            case "ferry", "ferries": insert(.ferries)
            case "": continue
            default: return nil
            }
        }
    }

    /// The options' names in the `list:` form, e.g. `["tolls", "ferries"]`.
    public var names: [String] {
        [(AvoidOptions.tolls, "tolls"), (.motorways, "motorways"), (.ferries, "ferries")]
            .filter { contains($0.0) }.map(\.1)
    }

    /// Human words for the options, e.g. "tolls and ferries".
    public var words: String {
        let w = names
        return w.count > 1 ? w.dropLast().joined(separator: ", ") + " and " + w.last! : w.first ?? ""
    }
}
