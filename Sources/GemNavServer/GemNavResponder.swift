import Foundation
import GemNavCore
import GemNavOSRM
import Hummingbird
import Logging

/// Routes every request to its endpoint, turns failures into OSRM error bodies, and logs one
/// line per request at debug and a summary of each interval at info.
///
/// A hand-written dispatcher rather than Hummingbird's trie router: OSRM tells a wrong
/// service, a wrong version and a malformed URL apart (`InvalidService`, `InvalidVersion`,
/// `InvalidUrl`), which needs the whole path read by one parser, and it saves a trie walk
/// and a parameter dictionary per request.
public struct GemNavResponder: HTTPResponder {
    /// The request context: Hummingbird's basic one is all the endpoints need.
    public typealias Context = BasicRequestContext

    private let osrm: OSRMService
    private let search: SearchService
    private let limits: ServerLimits
    private let logger: Logger
    private let health: [UInt8]
    private let stats: RequestStats
    private let map: TileService?
    private let rides: RideDesk?

    /// A responder answering from `data` within `limits`, logging to `logger`: each request
    /// at `debug`, every `summaryInterval` (when requests came) a line at `info` with the
    /// interval's requests, errors and p50/p99 latency, errors the server is at fault for
    /// at `error`. At info a busy server writes one line per interval, not one per request.
    /// `map`, when given, adds the web map's tiles, styles and glyphs; `rides` the ride API.
    public init(data: ServerData, limits: ServerLimits = ServerLimits(), logger: Logger,
                summaryInterval: Duration = .seconds(60), map: MapAssets? = nil, rides: RideDesk? = nil) {
        self.map = map.map(TileService.init)
        self.rides = rides
        osrm = OSRMService(engine: data.engine, limits: limits)
        search = SearchService(index: data.search, limits: limits)
        self.limits = limits
        self.logger = logger
        stats = RequestStats(interval: summaryInterval)
        var w = JSONWriter(capacity: 96)
        w.beginObject()
        w.key("status")
        w.string("ok")
        w.key("profile")
        w.string(data.engine.graph.profile.name)
        w.key("search")
        w.bool(data.search != nil)
        w.endObject()
        health = w.bytes
    }

    /// Answers one request; never throws, every failure becomes a JSON error response.
    public func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let response: Response
        do {
            if let rides, let ride = try await rides.response(to: request) {
                response = ride
            } else {
                response = try map?.response(to: request) ?? JSONBody.response(try answer(request), status: .ok)
            }
        } catch let e as ServerError {
            response = e.response
            if e.kind == .internalError { logger.error("\(e.description)") }
        } catch {
            let e = ServerError(.internalError, "Unexpected failure: \(error)")
            logger.error("\(e.description)")
            response = e.response
        }
        let elapsed = ContinuousClock.now - started
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        // The metadata is only built when debug output is on.
        logger.debug("request", metadata: [
            "method": "\(request.method.rawValue)", "path": "\(request.uri.path.prefix(256))",
            "status": "\(response.status.code)", "duration_us": "\(micros)",
        ])
        if let summary = stats.record(micros: Int(micros), isError: response.status.code >= 400) {
            logger.info("\(summary.line)")
        }
        return response
    }

    /// The body for a request, or the error that answers it.
    func answer(_ request: Request) throws -> [UInt8] {
        guard request.method == .get else {
            throw ServerError(.methodNotAllowed, "\(request.method.rawValue) is not supported; use GET")
        }
        let uri = request.uri
        guard uri.string.utf8.count <= limits.maxURLBytes else {
            throw ServerError(.urlTooLong, "The URL is \(uri.string.utf8.count) bytes long, at most \(limits.maxURLBytes) are accepted")
        }
        var query = try QueryString(uri.query.map { $0[...] })
        let parts = uri.path.split(separator: "/")
        switch parts.count == 1 ? parts[0] : "" {
        case "health":
            try query.rejectUnread(known: [])
            return health
        case "search", "api":
            return try search.search(&query)
        case "reverse":
            return try search.reverse(&query)
        default:
            return try osrm.respond(to: OSRMPath(parts: parts), query: &query)
        }
    }
}

/// JSON response construction shared by answers and errors.
enum JSONBody {
    /// A response with a JSON body and its length.
    static func response(_ bytes: [UInt8], status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=UTF-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
