import Foundation
import GemNavCore
import GemNavOSM

/// Progress of a tile source build, for a progress bar.
public struct TileBuildProgress: Sendable {
    /// The stage running.
    public enum Phase: String, Sendable {
        case readingRelations, readingWays, readingNodes, assembling, writing
    }

    /// The stage running.
    public var phase: Phase
    /// Its completed fraction, 0…1.
    public var fraction: Double
}

/// What a tile source build produced.
public struct TileBuildSummary: Sendable {
    /// Features written, all layers together.
    public var features: Int
    /// Features per layer name.
    public var featuresPerLayer: [String: Int]
    /// The file's size in bytes.
    public var bytes: Int
}

/// Builds a tile source (`tiles.gemnav`) from an OSM file: reads the objects the map shows,
/// classifies them into Shortbread layers, projects them, assembles multipolygons and the
/// sea, and writes them with a spatial index so tiles are cut on demand.
///
/// Three streaming reads: relations (multipolygons, administrative boundaries), ways (the
/// features, and the members those relations need), then only the nodes used (plus tagged
/// nodes: points of interest and places). Node positions live in one sorted array, so memory
/// grows with what the map shows, not with the file.
public struct TileSourceBuilder: Sendable {
    /// A builder.
    public init() {}

    /// Reads `source` and writes the tile source to `url` (atomically).
    /// - Throws: `OSMReadError` when the file cannot be read, `TileError` when the output
    ///   cannot be written.
    @discardableResult
    public func build(from source: URL, to url: URL,
                      progress: @escaping @Sendable (TileBuildProgress) -> Void = { _ in }) throws -> TileBuildSummary
    {
        let reader = try OSMReader(contentsOf: source)
        var state = BuildState()
        try reader.read([.relations], progress: { progress(TileBuildProgress(phase: .readingRelations, fraction: $0)) }) {
            if case .relation(let r) = $0 { state.add(r) }
        }
        try reader.read([.ways], progress: { progress(TileBuildProgress(phase: .readingWays, fraction: $0)) }) {
            if case .way(let w) = $0 { state.add(w) }
        }
        state.prepareNodeLookup()
        try reader.read([.nodes], progress: { progress(TileBuildProgress(phase: .readingNodes, fraction: $0)) }) {
            if case .node(let n) = $0 { state.add(n) }
        }
        progress(TileBuildProgress(phase: .assembling, fraction: 0))
        let box = reader.header.boundingBox.map(WorldBox.init) ?? state.nodeBox
        var features = state.assemble()
        let seas = state.seaFeatures(box: box)
        features += seas
        // Draw order: layer by layer, then each layer's own order, then file order.
        let order = features.indices.sorted {
            let a = features[$0], b = features[$1]
            if a.layer.code != b.layer.code { return a.layer.code < b.layer.code }
            if a.sortKey != b.sortKey { return a.sortKey < b.sortKey }
            return $0 < $1
        }
        let sorted = order.map { features[$0] }
        progress(TileBuildProgress(phase: .assembling, fraction: 1))
        let dataBox = box ?? sorted.compactMap(\.box).reduce(into: WorldBox?.none) { acc, b in
            if acc == nil { acc = b } else { acc!.include(b) }
        }
        let bytes = try TileSourceWriter.write(sorted, box: dataBox ?? WorldBox(minX: 0, minY: 0, maxX: 0, maxY: 0), to: url,
                                               progress: { progress(TileBuildProgress(phase: .writing, fraction: $0)) })
        var perLayer: [String: Int] = [:]
        for f in sorted { perLayer[f.layer.rawValue, default: 0] += 1 }
        return TileBuildSummary(features: sorted.count, featuresPerLayer: perLayer, bytes: bytes)
    }
}

/// The objects collected over the three reads.
struct BuildState {
    /// A feature waiting for its node positions.
    struct Pending {
        var spec: Shortbread.Spec
        var source: Source
    }

    enum Source {
        /// A way's nodes, by index into `wayRefs`.
        case way(Int)
        /// A multipolygon relation, by index into `multipolygons`.
        case multipolygon(Int)
        /// A node's position.
        case point(WorldPoint)
    }

    struct Multipolygon {
        var outer: [Int64]
        var inner: [Int64]
    }

    var multipolygons: [Multipolygon] = []
    var multipolygonSpecs: [(Int, Shortbread.Spec)] = []
    /// Named country and state boundaries, to be labelled (see `BoundaryLabels.swift`).
    var boundaryLabels: [BoundaryLabel] = []
    /// Lowest administrative level of the boundary relations each way belongs to.
    var boundaryLevel: [Int64: Int] = [:]
    /// Ways the relations need, and their node ids once read.
    var memberWays: Set<Int64> = []
    var memberRefs: [Int64: Int] = [:]
    var wayRefs: [[Int64]] = []
    var coastlines: [[Int64]] = []
    var pending: [Pending] = []
    /// Node ids whose positions are needed, sorted, and the positions found.
    var neededIds: [Int64] = []
    var positions: [WorldPoint] = []
    var found: [Bool] = []
    var nodeBox: WorldBox?

    mutating func add(_ r: OSMRelation) {
        let t = r.tags
        if t["type"] == "multipolygon" {
            let specs = Shortbread.classify(t, as: .area)
            guard !specs.isEmpty else { return }
            let ways = r.members.filter { $0.type == .way }
            let mp = Multipolygon(outer: ways.filter { $0.role != "inner" }.map(\.ref),
                                  inner: ways.filter { $0.role == "inner" }.map(\.ref))
            memberWays.formUnion(mp.outer)
            memberWays.formUnion(mp.inner)
            for spec in specs { multipolygonSpecs.append((multipolygons.count, spec)) }
            multipolygons.append(mp)
        } else if t["type"] == "boundary", t["boundary"] == "administrative",
                  let level = t["admin_level"].flatMap(Int.init), level == 2 || level == 4
        {
            for m in r.members where m.type == .way {
                boundaryLevel[m.ref] = min(boundaryLevel[m.ref] ?? level, level)
                memberWays.insert(m.ref)
            }
            addBoundaryLabel(r, level: level)
        }
    }

    mutating func add(_ w: OSMWay) {
        guard w.nodeRefs.count >= 2 else { return }
        let t = w.tags
        var specs: [Shortbread.Spec] = []
        if !t.isEmpty {
            let closed = w.nodeRefs.count >= 4 && w.nodeRefs.first == w.nodeRefs.last
            specs = Shortbread.classify(t, as: closed && Shortbread.closedWayIsArea(t) ? .area : .line)
            // Boundary lines come from their relations; a way's own tags would repeat them.
            specs.removeAll { $0.layer == .boundaries && boundaryLevel[w.id] != nil }
        }
        if let level = boundaryLevel[w.id] {
            specs.append(Shortbread.boundary(level: level, maritime: t["maritime"] == "yes" || t["natural"] == "coastline",
                                             disputed: t["disputed"] == "yes"))
        }
        let isCoast = t["natural"] == "coastline"
        guard !specs.isEmpty || isCoast || memberWays.contains(w.id) else { return }
        let index = wayRefs.count
        wayRefs.append(w.nodeRefs)
        if memberWays.contains(w.id) { memberRefs[w.id] = index }
        if isCoast { coastlines.append(w.nodeRefs) }
        for spec in specs { pending.append(Pending(spec: spec, source: .way(index))) }
    }

    mutating func prepareNodeLookup() {
        var ids: [Int64] = []
        ids.reserveCapacity(wayRefs.reduce(0) { $0 + $1.count })
        for refs in wayRefs { ids += refs }
        ids += boundaryLabels.compactMap(\.node)
        ids.sort()
        var unique: [Int64] = []
        unique.reserveCapacity(ids.count)
        for id in ids where unique.last != id { unique.append(id) }
        neededIds = unique
        positions = [WorldPoint](repeating: WorldPoint(x: 0, y: 0), count: unique.count)
        found = [Bool](repeating: false, count: unique.count)
    }

    mutating func add(_ n: OSMNode) {
        let p = WebMercator.project(n.coordinate)
        if nodeBox == nil { nodeBox = WorldBox(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y) } else { nodeBox!.include(p) }
        if let i = index(of: n.id) {
            positions[i] = p
            found[i] = true
        }
        guard !n.tags.isEmpty else { return }
        for spec in Shortbread.classify(n.tags, as: .node) { pending.append(Pending(spec: spec, source: .point(p))) }
    }

    func index(of id: Int64) -> Int? {
        var lo = 0, hi = neededIds.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if neededIds[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < neededIds.count && neededIds[lo] == id ? lo : nil
    }

    /// The positions of a way's nodes; nodes missing from the extract are left out.
    func points(_ refs: [Int64]) -> [WorldPoint] {
        refs.compactMap { id in index(of: id).flatMap { found[$0] ? positions[$0] : nil } }
    }

    /// Every feature but the sea, with its geometry.
    func assemble() -> [SourceFeature] {
        var out: [SourceFeature] = []
        for p in pending {
            switch p.source {
            case .point(let point):
                out.append(feature(p.spec, parts: [[point]], outer: [true]))
            case .way(let i):
                let pts = points(wayRefs[i])
                if p.spec.geometry == .line {
                    if pts.count >= 2 { out.append(feature(p.spec, parts: [pts], outer: [true])) }
                } else if pts.count >= 4 {
                    let ring = Array(pts.dropLast())
                    out.append(areaFeature(p.spec, rings: [ring], outer: [true]))
                }
            case .multipolygon:
                break
            }
        }
        var rings: [Int: ([[WorldPoint]], [Bool])] = [:]
        for (i, spec) in multipolygonSpecs {
            if rings[i] == nil { rings[i] = multipolygonRings(multipolygons[i]) }
            guard let (r, outer) = rings[i], !r.isEmpty else { continue }
            out.append(areaFeature(spec, rings: r, outer: outer))
        }
        return out + boundaryLabelFeatures()
    }

    /// A polygon, or the centroid point of its largest outer ring for label specs. Water
    /// features get Shortbread's `way_area` (Mercator square metres).
    func areaFeature(_ spec: Shortbread.Spec, rings: [[WorldPoint]], outer: [Bool]) -> SourceFeature {
        var spec = spec
        if spec.layer == .water_polygons || spec.layer == .water_polygons_labels {
            spec.attributes.append(("way_area", .double(Self.squareMetres(rings, outer: outer).rounded())))
        }
        guard spec.geometry == .point else { return feature(spec, parts: rings, outer: outer) }
        return feature(spec, parts: [[Self.labelPoint(rings, outer: outer)]], outer: [true])
    }

    /// The centroid of the largest outer ring.
    static func labelPoint(_ rings: [[WorldPoint]], outer: [Bool]) -> WorldPoint {
        let largest = zip(rings, outer).filter(\.1).map(\.0)
            .max { abs(Ring.doubleSignedArea($0)) < abs(Ring.doubleSignedArea($1)) } ?? rings[0]
        let c = Ring.centroid(largest.map(\.plane))
        return WorldPoint(x: Int32(c.x.rounded()), y: Int32(c.y.rounded()))
    }

    /// The area of outer rings less their holes, in Web Mercator square metres.
    static func squareMetres(_ rings: [[WorldPoint]], outer: [Bool]) -> Double {
        var area = 0.0
        for (ring, isOuter) in zip(rings, outer) {
            let a = abs(Double(Ring.doubleSignedArea(ring))) / 2
            area += isOuter ? a : -a
        }
        return area * WebMercator.metresPerUnit * WebMercator.metresPerUnit
    }

    func feature(_ spec: Shortbread.Spec, parts: [[WorldPoint]], outer: [Bool]) -> SourceFeature {
        SourceFeature(layer: spec.layer, geometry: spec.geometry, minZoom: spec.minZoom, sortKey: spec.sortKey,
                      attributes: spec.attributes, parts: parts, outer: outer)
    }

    /// A multipolygon's rings, each outer ring followed by the holes inside it; members that
    /// do not close into rings are left out.
    func multipolygonRings(_ mp: Multipolygon) -> ([[WorldPoint]], [Bool]) {
        func rings(_ ids: [Int64]) -> [[WorldPoint]] {
            let ways = ids.compactMap { memberRefs[$0].map { wayRefs[$0] } }
            return WayJoiner.join(ways, directed: false)
                .filter { $0.count >= 4 && $0.first == $0.last }
                .map { Array(points($0).dropLast()) }
                .filter { $0.count >= 3 }
        }
        let outers = rings(mp.outer)
        var holes = [[[WorldPoint]]](repeating: [], count: outers.count)
        let outerPlanes = outers.map { $0.map(\.plane) }
        for hole in rings(mp.inner) {
            if let i = outerPlanes.firstIndex(where: { Ring.contains($0, hole[0].plane) }) { holes[i].append(hole) }
        }
        var out: [[WorldPoint]] = [], flags: [Bool] = []
        for (i, o) in outers.enumerated() {
            out.append(o)
            flags.append(true)
            out += holes[i]
            flags += holes[i].map { _ in false }
        }
        return (out, flags)
    }

    /// The `ocean` polygons from the coastline ways, inside the extract's box.
    func seaFeatures(box: WorldBox?) -> [SourceFeature] {
        guard let box, !coastlines.isEmpty else { return [] }
        let chains = WayJoiner.join(coastlines, directed: true).map { points($0).map(\.plane) }
        let rect = PlaneRect(minX: Double(box.minX), minY: Double(box.minY), maxX: Double(box.maxX), maxY: Double(box.maxY))
        return Coastline.seaPolygons(chains: chains, box: rect).map { polygon in
            let rings = polygon.map { $0.map { WorldPoint(x: Int32($0.x.rounded()), y: Int32($0.y.rounded())) } }
            return SourceFeature(layer: .ocean, geometry: .polygon, minZoom: 0, sortKey: 0, attributes: [],
                                 parts: rings, outer: rings.indices.map { $0 == 0 })
        }
    }
}
