import ArgumentParser
import Foundation
import GemNavCore
import GemNavGuidance
import GemNavOSM
import GemNavOSRM
import GemNavRouting

/// The truck real-data check: routes drawn across every tagged limit the default truck
/// exceeds (one end before it, the other beyond), each checked against the OSM file itself —
/// every way segment and node the route passes must admit the vehicle as its tags say —
/// and compared with the route of a vehicle no limit stops, to count the routes the limits
/// changed. Each route is also answered by the plain Dijkstra that honours the same limits
/// (`referenceRoute`, the search trucks used before limits were restriction bits), to time
/// both and check the hierarchy's weight against it.
struct TruckBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "truck", abstract: "Check truck routes against the OSM limits they pass (imports a truck graph if needed).")

    @Option(help: "The OSM file (.osm.pbf) the graph is built from.")
    var osm: String

    @Option(help: "Graph directory; a truck graph is imported there when none is present.")
    var data: String

    @Option(help: "Routes to draw at least.")
    var routes: Int = 500

    @Option(help: "Random seed.")
    var seed: UInt64 = 15

    @Option(help: "Where to write the results JSON.")
    var out: String?

    @Option(help: "Write the drawn pairs and GemNav's answers there, for bench/truck_vs_valhalla.py.")
    var pairsOut: String?

    @Option(help: "Valhalla's answers to the same pairs (bench/truck_vs_valhalla.py): its routes are checked against the same OSM limits and compared with GemNav's.")
    var valhalla: String?

    struct Output: Codable {
        var limitedDirectedEdges: Int
        var blockingLimits: Int
        var distinctLimits: [String: [Double]]
        var routes: Int
        var routed: Int
        var blockedWithReason: Int
        var otherFailures: Int
        var changedByLimits: Int
        var violations: Int
        var segmentsChecked: Int
        var limitedSegmentsPassed: Int
        var limitNodesPassed: Int
        var medianQueryMs: Double
        var p99QueryMs: Double
        var medianPlainMs: Double
        var p99PlainMs: Double
        var weightMismatches: Int
        var medianAnswerMs: Double
        var p99AnswerMs: Double
        var examples: [String]
        var valhalla: ValhallaComparison?
    }

    /// One drawn pair and GemNav's answer, as bench/truck_vs_valhalla.py reads them.
    struct DrawnPair: Codable {
        /// [longitude, latitude], as in bench_osrm.py's pairs.
        var origin: [Double], destination: [Double]
        var routed = false
        var blocked: String?
        var distance_m: Double?
        var duration_s: Double?
    }

    struct PairsFile: Codable {
        var vehicle: VehicleDimensions
        var pairs: [DrawnPair]
    }

    func run() throws {
        let directory = URL(fileURLWithPath: data)
        let source = URL(fileURLWithPath: osm)
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("graph.gemnav").path) {
            print("Importing \(source.lastPathComponent) for trucks into \(data)…")
            let started = Date()
            let summary = try GraphImporter(profile: .truck).importGraph(from: source, to: directory)
            print(String(format: "  %d roads, %.1f MB in %.1f s", summary.edges, Double(summary.bytes) / 1e6,
                         Date().timeIntervalSince(started)))
        }
        let engine = try RoutingEngine(directory: directory)
        guard engine.graph.profile.keepsVehicleLimits else {
            throw ValidationError("\(data) holds a \(engine.graph.profile.name) graph; point --data at a truck graph or an empty directory.")
        }
        let truck = VehicleDimensions.truck
        let unlimited = VehicleDimensions(height: 0, weight: 0, width: 0, length: 0, axleLoad: 0)
        let limited = engine.graph.limitedEdges
        // One per road stretch: both directions of a two-way limit are the same place.
        var seen = Set<Int>()
        let blocking = limited.filter { truck.exceeded($0.limits) != nil && seen.insert($0.directedEdge >> 1).inserted }
        guard !blocking.isEmpty else { throw ValidationError("The graph has no limit the default truck exceeds.") }
        print("\(limited.count) directed edges with limits, \(blocking.count) road stretches block the default truck (\(truck.summary))")

        let checker = try OSMLimitChecker(source, vehicle: truck)
        var random = SplitMix(seed: seed)
        let perLimit = (routes + blocking.count - 1) / blocking.count
        var output = Output(limitedDirectedEdges: limited.count, blockingLimits: blocking.count,
                            distinctLimits: Dictionary(uniqueKeysWithValues: engine.graph.distinctLimitValues().map { ($0.key.rawValue, $0.value) }),
                            routes: 0, routed: 0, blockedWithReason: 0, otherFailures: 0, changedByLimits: 0, violations: 0,
                            segmentsChecked: 0, limitedSegmentsPassed: 0, limitNodesPassed: 0, medianQueryMs: 0,
                            p99QueryMs: 0, medianPlainMs: 0, p99PlainMs: 0, weightMismatches: 0, medianAnswerMs: 0,
                            p99AnswerMs: 0, examples: [])
        var times: [Double] = [], plainTimes: [Double] = [], answerTimes: [Double] = []
        var drawn: [DrawnPair] = []
        for edge in blocking {
            let bearing = Geodesy.bearing(edge.start, edge.end)
            for _ in 0..<perLimit {
                // One end before the limit, the other beyond it, a few hundred metres to a
                // couple of kilometres away and off to either side.
                func around(_ p: Coordinate, _ direction: Double) -> Coordinate {
                    let ahead = Self.moved(p, bearing: direction, metres: random.uniform(150, 1500))
                    return Self.moved(ahead, bearing: direction + 90, metres: random.uniform(-400, 400))
                }
                let from = around(edge.start, bearing + 180), to = around(edge.end, bearing)
                output.routes += 1
                var pair = DrawnPair(origin: [from.longitude, from.latitude], destination: [to.longitude, to.latitude])
                defer { drawn.append(pair) }
                let request = RouteRequest(waypoints: [from, to], vehicle: truck)
                let plainStarted = Date()
                let reference = try? engine.referenceRoute(request)
                plainTimes.append(Date().timeIntervalSince(plainStarted) * 1000)
                let started = Date()
                do {
                    let path = try engine.route(request)[0]
                    times.append(Date().timeIntervalSince(started) * 1000)
                    output.routed += 1
                    (pair.routed, pair.distance_m, pair.duration_s) = (true, path.distance, path.duration)
                    answerTimes.append(Self.answerMilliseconds(engine, request))
                    if let reference, abs(reference.weight - path.weight) > 1e-6 {
                        output.weightMismatches += 1
                        if output.examples.count < 10 {
                            output.examples.append("weight \(path.weight) against the plain search's \(reference.weight)")
                        }
                    }
                    let check = checker.check(path)
                    output.segmentsChecked += check.segments
                    output.limitedSegmentsPassed += check.limitedSegments
                    output.limitNodesPassed += check.limitNodes
                    if !check.violations.isEmpty {
                        output.violations += 1
                        if output.examples.count < 10 { output.examples.append(check.violations[0]) }
                    }
                    if let free = try? engine.route(RouteRequest(waypoints: [from, to], vehicle: unlimited))[0],
                       free.legs[0].coordinates != path.legs[0].coordinates {
                        output.changedByLimits += 1
                    }
                } catch let e as RoutingError where "\(e)".contains("blocked by") {
                    times.append(Date().timeIntervalSince(started) * 1000)
                    output.blockedWithReason += 1
                    pair.blocked = "\(e)"
                    if output.examples.count < 10 { output.examples.append("\(e)") }
                } catch {
                    output.otherFailures += 1
                }
            }
        }
        let (sortedTimes, sortedPlain) = (times.sorted(), plainTimes.sorted())
        output.medianQueryMs = percentile(sorted: sortedTimes, 50)
        output.p99QueryMs = percentile(sorted: sortedTimes, 99)
        output.medianPlainMs = percentile(sorted: sortedPlain, 50)
        output.p99PlainMs = percentile(sorted: sortedPlain, 99)
        let sortedAnswers = answerTimes.sorted()
        output.medianAnswerMs = percentile(sorted: sortedAnswers, 50)
        output.p99AnswerMs = percentile(sorted: sortedAnswers, 99)
        print("""
            \(output.routes) routes across the limits: \(output.routed) routed, \(output.blockedWithReason) refused naming \
            the blocking limit, \(output.otherFailures) other failures (off the map, unconnected)
            \(output.changedByLimits) routes differ from the unlimited vehicle's; \(output.violations) pass a way or node \
            the truck exceeds (\(output.segmentsChecked) segments checked, \(output.limitedSegmentsPassed) limited \
            segments and \(output.limitNodesPassed) limited nodes passed within limits)
            query p50 \(String(format: "%.2f", output.medianQueryMs)) ms, p99 \(String(format: "%.2f", output.p99QueryMs)) ms \
            on the hierarchy; the plain search with the same limits p50 \(String(format: "%.2f", output.medianPlainMs)) ms, \
            p99 \(String(format: "%.2f", output.p99PlainMs)) ms; \(output.weightMismatches) weights differ between them
            """)
        for example in output.examples.prefix(5) { print("  e.g. \(example)") }
        print(String(format: "answer with guidance and OSRM JSON (routed pairs): p50 %.2f ms, p99 %.2f ms",
                     output.medianAnswerMs, output.p99AnswerMs))
        if let pairsOut {
            try JSONEncoder().encode(PairsFile(vehicle: truck, pairs: drawn)).write(to: URL(fileURLWithPath: pairsOut))
        }
        if let valhalla {
            let comparison = try ValhallaComparison(URL(fileURLWithPath: valhalla), ours: drawn, checker: checker)
            comparison.report()
            output.valhalla = comparison
        }
        if let out {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(output).write(to: URL(fileURLWithPath: out))
        }
        if output.violations > 0 || output.weightMismatches > 0 { throw ExitCode.failure }
    }

    /// Milliseconds to answer `request` as the server does for a navigation app: the route,
    /// its guidance with voice and banner instructions, encoded as OSRM JSON.
    static func answerMilliseconds(_ engine: RoutingEngine, _ request: RouteRequest) -> Double {
        let started = Date()
        guard let paths = try? engine.route(request) else { return .nan }
        let routes = paths.map { Guidance.route(from: $0, options: GuidanceOptions(annotations: false)) }
        _ = OSRMCodec.encodeResponse(routes: routes, waypoints: paths[0].waypoints, options: OSRMEncodingOptions(
            geometries: .polyline, overview: .full, steps: true, voiceInstructions: true, bannerInstructions: true))
        return Date().timeIntervalSince(started) * 1000
    }

    /// `p` moved `metres` along `bearing` (a local flat approximation, plenty for drawing points).
    static func moved(_ p: Coordinate, bearing: Double, metres: Double) -> Coordinate {
        let b = bearing * .pi / 180
        return Coordinate(latitude: p.latitude + metres * cos(b) / 111_320,
                          longitude: p.longitude + metres * sin(b) / (111_320 * cos(p.latitude * .pi / 180)))
    }
}

/// The limits an OSM file tags, read straight from it (not from the graph), to check routes.
struct OSMLimitChecker {
    /// A directed way segment between two OSM nodes with its limits in that direction.
    struct Segment { var from: Int64, to: Int64, limits: PhysicalLimits, way: Int64 }
    /// A directed pair of OSM nodes.
    struct Pair: Hashable { var from: Int64, to: Int64 }

    let vehicle: VehicleDimensions
    /// Node at each fixed-point position, for nodes on limited ways or with limits. The key
    /// is at 1e-6 degree, the precision of both GemNav's graph (OSRM's) and Valhalla's
    /// polyline6 shapes: at the OSM file's 1e-7 no route point would match a node.
    private var nodeAt: [Int64: Int64] = [:]
    private var position: [Int64: Coordinate] = [:]
    /// Limited segments by their end node ids.
    private var segments: [Pair: [Segment]] = [:]
    private var nodeLimits: [Int64: PhysicalLimits] = [:]

    init(_ url: URL, vehicle: VehicleDimensions) throws {
        self.vehicle = vehicle
        let keys = LimitKeys.truck
        let reader = try OSMReader(contentsOf: url)
        var wanted = Set<Int64>()
        var segments: [Pair: [Segment]] = [:]
        try reader.read(.ways) { entity in
            guard case .way(let way) = entity, way.tags["highway"] != nil else { return }
            let (forward, backward) = keys.limits(ofWay: way.tags)
            guard !forward.isEmpty || !backward.isEmpty else { return }
            for (a, b) in zip(way.nodeRefs, way.nodeRefs.dropFirst()) {
                wanted.formUnion([a, b])
                if !forward.isEmpty { segments[Pair(from: a, to: b), default: []].append(Segment(from: a, to: b, limits: forward, way: way.id)) }
                if !backward.isEmpty { segments[Pair(from: b, to: a), default: []].append(Segment(from: b, to: a, limits: backward, way: way.id)) }
            }
        }
        var nodeAt: [Int64: Int64] = [:], position: [Int64: Coordinate] = [:], nodeLimits: [Int64: PhysicalLimits] = [:]
        try reader.read(.nodes) { entity in
            guard case .node(let node) = entity else { return }
            let limits = node.tags.isEmpty ? PhysicalLimits() : keys.limits(ofNode: node.tags)
            guard wanted.contains(node.id) || !limits.isEmpty else { return }
            nodeAt[Self.fixed(node.coordinate)] = node.id
            position[node.id] = node.coordinate
            if !limits.isEmpty { nodeLimits[node.id] = limits }
        }
        self.segments = segments
        self.nodeAt = nodeAt
        self.position = position
        self.nodeLimits = nodeLimits
    }

    private static func fixed(_ c: Coordinate) -> Int64 {
        Int64((c.latitude * 1e6).rounded()) << 32 | Int64(UInt32(bitPattern: Int32((c.longitude * 1e6).rounded())))
    }

    /// The segments of `path` checked, the limited ones and limit nodes passed, and every
    /// passage the vehicle exceeds, in words.
    func check(_ path: RoutePath) -> (segments: Int, limitedSegments: Int, limitNodes: Int, violations: [String]) {
        check(path.legs.flatMap(\.coordinates))
    }

    /// `check(_:)` for a route given as its points (any engine's, at 1e-6 degree or finer).
    func check(_ points: [Coordinate]) -> (segments: Int, limitedSegments: Int, limitNodes: Int, violations: [String]) {
        var checked = 0, limitedSegments = 0, limitNodes = 0
        var violations: [String] = []
        guard points.count >= 2 else { return (0, 0, 0, []) }
        let ids = points.map { nodeAt[Self.fixed($0)] }
        func judge(_ limits: PhysicalLimits, _ what: String) {
            if let d = vehicle.exceeded(limits), let v = limits[d] {
                violations.append("\(what): \(d.tagName) \(d.format(v)) exceeded")
            }
        }
        for i in 0..<(points.count - 1) where points[i] != points[i + 1] {
            checked += 1
            var found: [Segment] = []
            if let a = ids[i], let b = ids[i + 1] {
                found = segments[Pair(from: a, to: b)] ?? []
            } else if let b = ids[i + 1], i == 0 {
                // The first piece starts mid-segment: the limited segments into its end that hold it.
                found = incoming(b).filter { contains($0, points[i]) }
            } else if let a = ids[i], i + 1 == points.count - 1 {
                found = outgoing(a).filter { contains($0, points[i + 1]) }
            }
            for s in found {
                limitedSegments += 1
                judge(s.limits, "way \(s.way) from node \(s.from) to \(s.to)")
            }
        }
        for i in 1..<max(1, points.count - 1) {
            guard let id = ids[i], let limits = nodeLimits[id] else { continue }
            limitNodes += 1
            judge(limits, "node \(id)")
        }
        return (checked, limitedSegments, limitNodes, violations)
    }

    private func incoming(_ node: Int64) -> [Segment] {
        segments.values.lazy.flatMap { $0 }.filter { $0.to == node }
    }

    private func outgoing(_ node: Int64) -> [Segment] {
        segments.values.lazy.flatMap { $0 }.filter { $0.from == node }
    }

    /// Whether `p` lies on the segment (within a metre).
    private func contains(_ s: Segment, _ p: Coordinate) -> Bool {
        guard let a = position[s.from], let b = position[s.to] else { return false }
        return Geodesy.distance(a, p) + Geodesy.distance(p, b) - Geodesy.distance(a, b) < 1
    }
}
