import GemNavCore

/// An OSM node: a point, with tags when it is a feature itself (a barrier, a shop…).
public struct OSMNode: Sendable, Hashable {
    /// OSM id.
    public var id: Int64
    /// Position.
    public var coordinate: Coordinate
    /// Tags; empty for plain way vertices.
    public var tags: [String: String]

    /// Creates a node.
    public init(id: Int64, coordinate: Coordinate, tags: [String: String] = [:]) {
        self.id = id
        self.coordinate = coordinate
        self.tags = tags
    }
}

/// An OSM way: an ordered list of node ids with tags.
public struct OSMWay: Sendable, Hashable {
    /// OSM id.
    public var id: Int64
    /// Node ids in order.
    public var nodeRefs: [Int64]
    /// Tags.
    public var tags: [String: String]

    /// Creates a way.
    public init(id: Int64, nodeRefs: [Int64], tags: [String: String] = [:]) {
        self.id = id
        self.nodeRefs = nodeRefs
        self.tags = tags
    }
}

/// An OSM relation: an ordered list of typed members with roles.
public struct OSMRelation: Sendable, Hashable {
    /// The kind of object a member is.
    public enum MemberType: String, Sendable, Hashable {
        case node, way, relation
    }

    /// One member of a relation.
    public struct Member: Sendable, Hashable {
        /// Kind of object.
        public var type: MemberType
        /// Its OSM id.
        public var ref: Int64
        /// Its role, e.g. "from", "via", "to".
        public var role: String

        /// Creates a member.
        public init(type: MemberType, ref: Int64, role: String) {
            self.type = type
            self.ref = ref
            self.role = role
        }
    }

    /// OSM id.
    public var id: Int64
    /// Members in order.
    public var members: [Member]
    /// Tags.
    public var tags: [String: String]

    /// Creates a relation.
    public init(id: Int64, members: [Member], tags: [String: String] = [:]) {
        self.id = id
        self.members = members
        self.tags = tags
    }
}

/// One object read from an OSM file.
public enum OSMEntity: Sendable, Hashable {
    case node(OSMNode)
    case way(OSMWay)
    case relation(OSMRelation)
}

/// Which kinds of object a read should deliver; the others are skipped without decoding
/// where the format allows.
public struct OSMEntityKinds: OptionSet, Sendable, Hashable {
    /// Raw bits.
    public let rawValue: UInt8
    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Nodes.
    public static let nodes = OSMEntityKinds(rawValue: 1)
    /// Ways.
    public static let ways = OSMEntityKinds(rawValue: 2)
    /// Relations.
    public static let relations = OSMEntityKinds(rawValue: 4)
    /// Everything.
    public static let all: OSMEntityKinds = [.nodes, .ways, .relations]
}

/// What a file's header says about it.
public struct OSMHeader: Sendable, Hashable {
    /// The area the file was cut to, when the header gives one.
    public var boundingBox: BoundingBox?
    /// The program that wrote the file.
    public var writingProgram: String?
    /// Features the reader must understand (`OsmSchema-V0.6`, `DenseNodes`…).
    public var requiredFeatures: [String]

    /// Creates a header.
    public init(boundingBox: BoundingBox? = nil, writingProgram: String? = nil, requiredFeatures: [String] = []) {
        self.boundingBox = boundingBox
        self.writingProgram = writingProgram
        self.requiredFeatures = requiredFeatures
    }
}
