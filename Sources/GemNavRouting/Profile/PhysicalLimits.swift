import Foundation

/// One kind of physical or legal limit a road or a node may carry.
public enum LimitDimension: String, CaseIterable, Sendable, Hashable, Codable {
    case height, weight, width, length, axleLoad

    /// The OSM key a user knows the limit by (`maxheight`…), for messages.
    public var tagName: String {
        switch self {
        case .height: "maxheight"
        case .weight: "maxweight"
        case .width: "maxwidth"
        case .length: "maxlength"
        case .axleLoad: "maxaxleload"
        }
    }

    /// Metres or tonnes.
    public var unit: String {
        switch self {
        case .weight, .axleLoad: "t"
        default: "m"
        }
    }

    /// `3.5 m`, `7.5 t`: at most two decimals, no trailing zeros.
    public func format(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return "\(text) \(unit)"
    }

    /// The value of an OSM tag in this dimension's unit (metres, tonnes), or nil.
    func parse(_ text: String) -> Double? {
        switch self {
        case .height: Measure.height(text)
        case .width, .length: Measure.metres(text)
        case .weight, .axleLoad: Measure.kilograms(text).map { $0 / 1000 }
        }
    }

    /// Whether a vehicle measuring `size` in this dimension may not pass a limit of `limit`.
    /// Width blocks at equality, as OSRM's car.lua does: `width` and `est_width` describe the
    /// road itself, and a vehicle as wide as the road cannot use it.
    func blocks(limit: Double, size: Double) -> Bool {
        self == .width ? limit <= size : limit < size
    }
}

/// The limits on one direction of a road or on a node, each nil where none is tagged.
public struct PhysicalLimits: Sendable, Hashable {
    /// Metres.
    public var height: Double?
    /// Tonnes.
    public var weight: Double?
    /// Metres.
    public var width: Double?
    /// Metres.
    public var length: Double?
    /// Tonnes per axle.
    public var axleLoad: Double?

    /// No limit at all.
    public init(height: Double? = nil, weight: Double? = nil, width: Double? = nil, length: Double? = nil,
                axleLoad: Double? = nil) {
        self.height = height
        self.weight = weight
        self.width = width
        self.length = length
        self.axleLoad = axleLoad
    }

    /// The limit in one dimension.
    public subscript(_ d: LimitDimension) -> Double? {
        get {
            switch d {
            case .height: height
            case .weight: weight
            case .width: width
            case .length: length
            case .axleLoad: axleLoad
            }
        }
        set {
            switch d {
            case .height: height = newValue
            case .weight: weight = newValue
            case .width: width = newValue
            case .length: length = newValue
            case .axleLoad: axleLoad = newValue
            }
        }
    }

    /// Whether nothing is limited.
    public var isEmpty: Bool { LimitDimension.allCases.allSatisfy { self[$0] == nil } }

    /// Both sets of limits at once (a road and the node it leads through): the lower of each.
    func combined(with other: PhysicalLimits) -> PhysicalLimits {
        var out = self
        for d in LimitDimension.allCases {
            if let v = other[d] { out[d] = out[d].map { Swift.min($0, v) } ?? v }
        }
        return out
    }
}

/// A vehicle's size: what is checked against `PhysicalLimits`.
public struct VehicleDimensions: Sendable, Hashable, Codable {
    /// Metres.
    public var height: Double
    /// Tonnes, laden.
    public var weight: Double
    /// Metres.
    public var width: Double
    /// Metres.
    public var length: Double
    /// Tonnes on the most loaded axle.
    public var axleLoad: Double

    /// A vehicle of this size.
    public init(height: Double, weight: Double, width: Double, length: Double, axleLoad: Double) {
        self.height = height
        self.weight = weight
        self.width = width
        self.length = length
        self.axleLoad = axleLoad
    }

    /// The truck a request without dimensions is routed for: 4.0 m high, 40 t (the EU's
    /// maximum for a 5-axle articulated vehicle), 2.55 m wide and 16.5 m long (the EU maxima
    /// of Directive 96/53/EC), 10 t per axle (its single-axle maximum).
    public static let truck = VehicleDimensions(height: 4.0, weight: 40, width: 2.55, length: 16.5, axleLoad: 10)

    /// The car OSRM's car.lua closes roads for: 2.0 m high, 2 t, 1.9 m wide, 4.8 m long.
    public static let car = VehicleDimensions(height: 2.0, weight: 2, width: 1.9, length: 4.8, axleLoad: 1)

    /// The size in one dimension.
    public subscript(_ d: LimitDimension) -> Double {
        get {
            switch d {
            case .height: height
            case .weight: weight
            case .width: width
            case .length: length
            case .axleLoad: axleLoad
            }
        }
        set {
            switch d {
            case .height: height = newValue
            case .weight: weight = newValue
            case .width: width = newValue
            case .length: length = newValue
            case .axleLoad: axleLoad = newValue
            }
        }
    }

    /// The first dimension in which the vehicle exceeds `limits`, or nil when it fits.
    public func exceeded(_ limits: PhysicalLimits) -> LimitDimension? {
        LimitDimension.allCases.first { d in limits[d].map { d.blocks(limit: $0, size: self[d]) } ?? false }
    }

    /// The largest value a request may give per dimension (Valhalla's truck costing ranges).
    static let maxima: [LimitDimension: Double] = [.height: 10, .weight: 100, .width: 10, .length: 50, .axleLoad: 40]

    /// The request names of the dimensions: `height`, `weight`, `width`, `length`, `axleload`.
    public static func dimension(named name: String) -> LimitDimension? {
        switch name.lowercased() {
        case "height": .height
        case "weight": .weight
        case "width": .width
        case "length": .length
        case "axleload", "axle_load": .axleLoad
        default: nil
        }
    }

    /// Sets the dimension called `name` from `text` (metres, tonnes).
    /// - Throws: `RoutingError.invalidRequest` naming the dimension or the value at fault.
    public mutating func set(_ name: String, to text: String) throws {
        guard let d = Self.dimension(named: name) else {
            throw RoutingError(.invalidRequest("'\(name)' is not a vehicle dimension; use height, weight, width, length or axleload"))
        }
        let maximum = Self.maxima[d] ?? .infinity
        guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 0, v <= maximum else {
            throw RoutingError(.invalidRequest(
                "vehicle \(name) '\(text)' is not a number of \(d == .weight || d == .axleLoad ? "tonnes" : "metres") above 0 and at most \(d.format(maximum))"))
        }
        self[d] = v
    }

    /// The default truck with the dimensions of a list such as `height=4.2,weight=26,width=2.55,length=12`.
    /// - Throws: `RoutingError.invalidRequest` for an entry that is not `name=value` or a bad value.
    public init(parsing list: String) throws {
        self = .truck
        for entry in list.split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else {
                throw RoutingError(.invalidRequest("vehicle entry '\(entry)' is not name=value, e.g. height=4.2"))
            }
            try set(parts[0], to: parts[1])
        }
    }

    /// `4 m high, 40 t, 2.55 m wide, 16.5 m long`.
    public var summary: String {
        "\(LimitDimension.height.format(height)) high, \(LimitDimension.weight.format(weight)), "
            + "\(LimitDimension.width.format(width)) wide, \(LimitDimension.length.format(length)) long"
    }
}

/// Which tags carry each limit, most specific first, per direction (`:forward`, `:backward`):
/// one table read the same way for the car, which closes roads it does not fit at import, and
/// for the truck, which keeps them for each request's vehicle.
public struct LimitKeys: Sendable, Hashable {
    /// Keys per dimension, the first one present deciding.
    public var keys: [LimitDimension: [String]]

    /// OSRM car.lua's keys.
    public static let car = LimitKeys(keys: [
        .height: ["maxheight:physical", "maxheight"],
        .width: ["maxwidth:physical", "maxwidth", "width", "est_width"],
        .length: ["maxlength"],
        .weight: ["maxweightrating", "maxweight"],
    ])

    /// A heavy goods vehicle's: the car's, each `:hgv` variant first, and the axle load.
    public static let truck = LimitKeys(keys: [
        .height: ["maxheight:physical", "maxheight:hgv", "maxheight"],
        .width: ["maxwidth:physical", "maxwidth:hgv", "maxwidth", "width", "est_width"],
        .length: ["maxlength:hgv", "maxlength"],
        .weight: ["maxweightrating:hgv", "maxweight:hgv", "maxweightrating", "maxweight"],
        .axleLoad: ["maxaxleload:hgv", "maxaxleload"],
    ])

    /// The limits tagged on a way, forward and backward along its nodes.
    public func limits(ofWay tags: [String: String]) -> (forward: PhysicalLimits, backward: PhysicalLimits) {
        way(TagReader(tags))
    }

    /// The limits tagged on a node.
    public func limits(ofNode tags: [String: String]) -> PhysicalLimits { node(TagReader(tags)) }

    /// The limits of a way forward and backward.
    func way(_ tags: TagReader) -> (forward: PhysicalLimits, backward: PhysicalLimits) {
        var forward = PhysicalLimits(), backward = PhysicalLimits()
        for d in LimitDimension.allCases {
            guard let list = keys[d] else { continue }
            let (f, b) = tags.directional(list)
            forward[d] = f.flatMap(d.parse)
            backward[d] = b.flatMap(d.parse)
        }
        return (forward, backward)
    }

    /// The limits on a node (a height restrictor, a weight-limited bridge tagged on one node).
    func node(_ tags: TagReader) -> PhysicalLimits {
        var limits = PhysicalLimits()
        for d in LimitDimension.allCases {
            limits[d] = keys[d]?.lazy.compactMap { tags[$0] }.first.flatMap(d.parse)
        }
        return limits
    }
}
