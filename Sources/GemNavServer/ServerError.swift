import GemNavCore
import GemNavOSRM
import GemNavRouting
import GemNavSearch
import Hummingbird

/// A request the server refuses or cannot answer, with the OSRM error code and the HTTP
/// status a client sees. The body is OSRM's `{"code": ..., "message": ...}`.
public struct ServerError: Error, HTTPResponseError, CustomStringConvertible, Sendable, Equatable {
    /// The precise failure. Each knows the `code` string it is sent as and its HTTP status.
    public enum Kind: Sendable, Equatable, CaseIterable {
        /// The path is not `/{service}/{version}/{profile}/{coordinates}` or another endpoint.
        case invalidUrl
        /// The service (`table`, `match`, …) is not served.
        case invalidService
        /// The version is not `v1`.
        case invalidVersion
        /// Options that do not fit together (counts that differ from the coordinates).
        case invalidOptions
        /// A query string that cannot be read (unknown or repeated parameter, missing value).
        case invalidQuery
        /// A parameter value out of range, or a profile the graph was not built for.
        case invalidValue
        /// A coordinate with no road near it.
        case noSegment
        /// The coordinates are not connected by roads the profile may use.
        case noRoute
        /// Too many coordinates, alternatives or results.
        case tooBig
        /// The URL is longer than the server accepts (sent as `TooBig`, HTTP 414).
        case urlTooLong
        /// A method other than GET or HEAD.
        case methodNotAllowed
        /// `/search` or `/reverse` on a data directory without a search index.
        case noSearchIndex
        /// A fault of the server or its data, not of the request.
        case internalError

        /// The `code` member of the error body.
        public var code: String {
            switch self {
            case .invalidUrl: "InvalidUrl"
            case .invalidService: "InvalidService"
            case .invalidVersion: "InvalidVersion"
            case .invalidOptions: "InvalidOptions"
            case .invalidQuery: "InvalidQuery"
            case .invalidValue: "InvalidValue"
            case .noSegment: "NoSegment"
            case .noRoute: "NoRoute"
            case .tooBig, .urlTooLong: "TooBig"
            case .methodNotAllowed: "MethodNotAllowed"
            case .noSearchIndex: "NoSearchIndex"
            case .internalError: "InternalError"
            }
        }

        /// The HTTP status. osrm-routed answers every request error, NoRoute included, with 400.
        public var status: HTTPResponse.Status {
            switch self {
            case .invalidUrl, .invalidService, .invalidVersion, .invalidOptions, .invalidQuery, .invalidValue,
                 .noSegment, .noRoute, .tooBig:
                .badRequest
            case .urlTooLong: .uriTooLong
            case .methodNotAllowed: .methodNotAllowed
            case .noSearchIndex: .serviceUnavailable
            case .internalError: .internalServerError
            }
        }
    }

    /// The precise failure.
    public let kind: Kind
    /// A sentence telling the client what is wrong and, where it can, how to fix it.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The HTTP status the response carries.
    public var status: HTTPResponse.Status { kind.status }

    /// `CODE: message`, for logs.
    public var description: String { "\(kind.code): \(message)" }

    /// The JSON error response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    /// The JSON error response, built without a request (the responder's own error path).
    var response: Response {
        JSONBody.response(OSRMCodec.encodeError(code: kind.code, message: message), status: status)
    }
}

extension ServerError {
    /// The server error for a routing failure: the request's fault maps to OSRM's codes,
    /// anything about the graph itself is an internal error.
    init(_ error: RoutingError) {
        switch error.kind {
        case .noSegment: self.init(.noSegment, error.description)
        case .noRoute: self.init(.noRoute, error.description)
        case .invalidRequest: self.init(.invalidValue, error.description)
        case .dataMissing, .dataVersion, .dataCorrupt, .writeFailed, .noRoads: self.init(.internalError, error.description)
        }
    }

    /// The server error for a search failure.
    init(_ error: SearchError) {
        switch error.code {
        case .emptyQuery, .queryTooLong: self.init(.invalidQuery, error.description)
        default: self.init(.internalError, error.description)
        }
    }
}
