import Foundation
import GemNavCore

/// What applying a segment-speed file did.
public struct TrafficSummary: Sendable, Codable, Equatable {
    /// Lines in the file.
    public var lines: Int
    /// Distinct node pairs (driving directions) with a speed.
    public var segments: Int
    /// Pairs found as a drivable segment of the graph.
    public var matchedSegments: Int
    /// Pairs not in the graph (other areas, roads the profile does not use, the closed
    /// direction of a one-way road): counted, not fatal.
    public var unknownSegments: Int
    /// Directed edges whose weight or duration changed.
    public var changedEdges: Int
    /// Directed edges closed by a speed (or rate) of 0.
    public var closedEdges: Int
}

/// One directed edge's weight and duration under traffic (ms; `EdgeBasedGraph.closed` closes it).
struct TrafficChange: Sendable, Equatable, BitwiseCopyable {
    var node: Int32
    var weight: UInt32
    var duration: UInt32
}

/// New weights and durations for the directed edges a segment-speed file touches, computed
/// as import computes them (per-segment durations rounded to 0.1 s), over an unchanged graph:
/// turn costs stay as imported. Routing with an overlay uses `RoutingEngine`'s A* search
/// with potentials from the base hierarchy until a hierarchy is contracted for the overlay's
/// weights (`RoutingEngine.prepareTrafficHierarchy`), then that hierarchy.
public final class TrafficOverlay: Sendable {
    /// What the update did.
    public let summary: TrafficSummary
    /// Per directed-edge change, by node (originals only; copies follow their original).
    let changes: [TrafficChange]
    /// Weight and duration (ms) of every search node, copies included.
    let weight: [UInt32], duration: [UInt32]
    /// The least ratio of new to base weight over changed edges, at most 1: base distances
    /// times this stay a lower bound of distances under traffic. The closer to 1, the better
    /// the search is guided (one road made much faster, or a rate penalty dropped by a
    /// speed-only line, lowers it for every query).
    public let potentialScale: Double
    /// Identifies the graph the overlay was computed for.
    let graphFingerprint: UInt32
    /// A checksum of the changes, tying a stored traffic hierarchy to its overlay.
    let checksum: UInt32
    private let contracted = Contracted()

    /// The hierarchy contracted for this overlay's weights, once there is one: routes, tables
    /// and alternatives then use it instead of the A* search.
    public internal(set) var hierarchy: TrafficHierarchy? {
        get { contracted.lock.withLock { contracted.value } }
        set { contracted.lock.withLock { contracted.value = newValue } }
    }

    private final class Contracted: @unchecked Sendable {
        let lock = NSLock()
        var value: TrafficHierarchy?
    }

    /// Applies `updates` to `graph`.
    /// - Throws: `TrafficError.graphWithoutNodeIDs` for a graph imported before traffic support.
    public convenience init(_ updates: SpeedUpdates, graph: RoutingGraph) throws {
        guard let section = graph.trafficSegments,
              let ids = section.nodeIDs(count: graph.geometryLat.count)
        else { throw TrafficError(.graphWithoutNodeIDs(graph.meta.source)) }
        var changes: [TrafficChange] = []
        var matched = Set<SegmentKey>()
        var closed = 0
        var hits: [(Int, SegmentSpeed)] = []
        for e in 0..<graph.edgeCount {
            let first = Int(graph.edgeGeometry[e]), last = Int(graph.edgeGeometry[e + 1]) - 1
            let record = section.records[Int(section.edgeRecord[e])]
            for backward in [false, true] {
                let n = 2 * e + (backward ? 1 : 0)
                hits.removeAll(keepingCapacity: true)
                for i in first..<last where ids[i] != ids[i + 1] {
                    let key = backward ? SegmentKey(from: ids[i + 1], to: ids[i]) : SegmentKey(from: ids[i], to: ids[i + 1])
                    guard let speed = updates.segments[key] else { continue }
                    // A direction the profile closed stays closed: traffic cannot open a road.
                    guard graph.nodeWeight[n] != EdgeBasedGraph.closed else { continue }
                    matched.insert(key)
                    hits.append((i, speed))
                }
                guard !hits.isEmpty else { continue }
                let change = Self.recompute(n, first: first, last: last, hits: hits, record: record, graph: graph)
                if change.weight == EdgeBasedGraph.closed { closed += 1 }
                if change.weight != graph.nodeWeight[n] || change.duration != graph.nodeDuration[n] {
                    changes.append(change)
                }
            }
        }
        let summary = TrafficSummary(lines: updates.lineCount, segments: updates.segmentCount,
                                     matchedSegments: matched.count, unknownSegments: updates.segmentCount - matched.count,
                                     changedEdges: changes.count, closedEdges: closed)
        self.init(changes: changes, summary: summary, graph: graph)
    }

    init(changes: [TrafficChange], summary: TrafficSummary, graph: RoutingGraph) {
        self.changes = changes
        self.summary = summary
        var weight = [UInt32](repeating: 0, count: graph.directedEdgeCount)
        var duration = [UInt32](repeating: 0, count: graph.directedEdgeCount)
        for n in 0..<graph.directedEdgeCount {
            weight[n] = graph.nodeWeight[n]
            duration[n] = graph.nodeDuration[n]
        }
        var byOriginal: [Int32: TrafficChange] = [:]
        var scale = 1.0
        for c in changes {
            weight[Int(c.node)] = c.weight
            duration[Int(c.node)] = c.duration
            byOriginal[c.node] = c
            let base = graph.nodeWeight[Int(c.node)]
            if c.weight != EdgeBasedGraph.closed, base > 0 { scale = min(scale, Double(c.weight) / Double(base)) }
        }
        for n in (2 * graph.edgeCount)..<graph.directedEdgeCount {
            if let c = byOriginal[graph.original(Int32(n))] {
                weight[n] = c.weight
                duration[n] = c.duration
            }
        }
        self.weight = weight
        self.duration = duration
        potentialScale = scale
        graphFingerprint = graph.trafficFingerprint
        var h: UInt32 = 2_166_136_261
        func mix(_ v: UInt32) { h = (h ^ v) &* 16_777_619 }
        mix(UInt32(truncatingIfNeeded: changes.count))
        for c in changes {
            mix(UInt32(bitPattern: c.node))
            mix(c.weight)
            mix(c.duration)
        }
        checksum = h
    }

    /// The directed edge's weight and duration with some of its segments at new speeds: the
    /// others keep the base speed (or their share of a timed crossing), each segment's
    /// duration rounded to 0.1 s (at least 0.1 s) as OSRM and import store them.
    private static func recompute(_ n: Int, first: Int, last: Int, hits: [(Int, SegmentSpeed)],
                                  record: EdgeSpeedRecord, graph: RoutingGraph) -> TrafficChange
    {
        let backward = n & 1 == 1
        let baseSpeed = record.speed(backward: backward), factor = record.weightFactor(backward: backward)
        let length = Double(graph.edgeLength[n >> 1])
        // Milliseconds whose weight is the base weight (scaled by the factor), and weight
        // milliseconds set by the updates.
        var keptMs = 0.0, durationMs = 0.0, newWeightMs = 0.0
        var h = 0
        func tenths(_ metres: Double, _ kmh: Double) -> Double { max(1, (metres / (kmh / 3.6) * 10).rounded()) }
        for i in first..<last {
            let metres = RoadMetric.distance(graph.point(i), graph.point(i + 1))
            let baseMs = baseSpeed > 0 ? tenths(metres, baseSpeed) * 100
                : length > 0 ? Double(graph.nodeDuration[n]) * metres / length : 0
            guard h < hits.count, hits[h].0 == i else {
                keptMs += baseMs
                durationMs += baseMs
                continue
            }
            let update = hits[h].1
            h += 1
            guard update.speed > 0 else { return TrafficChange(node: Int32(n), weight: EdgeBasedGraph.closed, duration: EdgeBasedGraph.closed) }
            let ms = tenths(metres, update.speed) * 100
            durationMs += ms
            switch update.rate {
            case .fromSpeed:
                newWeightMs += ms
            case .keep:
                keptMs += baseMs
            case .value(let rate):
                guard rate > 0 else { return TrafficChange(node: Int32(n), weight: EdgeBasedGraph.closed, duration: EdgeBasedGraph.closed) }
                newWeightMs += max(1, (metres / rate * 10).rounded()) * 100
            }
        }
        let duration = max(1, durationMs.rounded())
        return TrafficChange(node: Int32(n), weight: UInt32(min(keptMs * factor + newWeightMs, 4e9)),
                             duration: UInt32(min(duration, 4e9)))
    }
}

extension RoutingGraph {
    /// A checksum of the base weights and durations, so an overlay computed for one import is
    /// never applied to another.
    var trafficFingerprint: UInt32 {
        var h: UInt32 = 2_166_136_261
        func mix(_ v: UInt32) { h = (h ^ v) &* 16_777_619 }
        mix(UInt32(truncatingIfNeeded: edgeCount))
        mix(UInt32(truncatingIfNeeded: directedEdgeCount))
        mix(UInt32(truncatingIfNeeded: arcTarget.count))
        for n in 0..<directedEdgeCount {
            mix(nodeWeight[n])
            mix(nodeDuration[n])
        }
        return h
    }
}
