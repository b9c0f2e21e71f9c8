import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemNavCore
import GemNavGuidance

/// A `RouteProvider` that asks a Valhalla server in its own language: `POST /route` with a
/// JSON body (locations, costing, avoid options, alternates, directions), decoding `trip`
/// and `alternates` into GemNav's routes, with GemNav's voice prompts and banners.
public struct ValhallaHTTPRouteProvider: RouteProvider, Sendable {
    /// The server's base URL, e.g. `http://localhost:8002`.
    public let baseURL: URL
    /// The costing model asked for (the travel profile).
    public let costing: ValhallaCosting
    /// Language and units of the instructions, prompts and banners.
    public let guidance: GuidanceOptions
    /// Seconds before a request is abandoned.
    public let timeout: TimeInterval
    private let transport: OSRMHTTPRouteProvider.Transport

    /// Creates a provider for the Valhalla server at `baseURL`; `transport` answers instead
    /// of `URLSession` in tests.
    public init(baseURL: URL, costing: ValhallaCosting = .auto, guidance: GuidanceOptions = GuidanceOptions(),
                timeout: TimeInterval = 10, transport: OSRMHTTPRouteProvider.Transport? = nil)
    {
        self.baseURL = baseURL
        self.costing = costing
        self.guidance = guidance
        self.timeout = timeout
        self.transport = transport ?? OSRMHTTPRouteProvider.urlSessionTransport
    }

    /// "the Valhalla server at URL".
    public var name: String { "the Valhalla server at \(baseURL.absoluteString)" }

    /// The `POST /route` request for `query`.
    public func request(_ query: RouteQuery) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent("route"), timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = ValhallaRequest(query, costing: costing, language: guidance.language,
                                           headingTolerance: EngineRouteProvider.headingTolerance).body()
        return request
    }

    /// Fetches and decodes the routes (the best first, then Valhalla's alternates).
    /// - Throws: `AppError` `.noRoute` (Valhalla's "no path", "no suitable edges" errors),
    ///   `.serverUnreachable` (no answer, timeout) or `.invalidServerResponse` (an HTTP error,
    ///   a refused request, JSON that is not a Valhalla route).
    public func routes(for query: RouteQuery) async throws -> [Route] {
        let request = request(query)
        let url = request.url?.absoluteString ?? baseURL.absoluteString
        let (status, body) = try await transport(request)
        guard (200..<300).contains(status) else { throw Self.failure(status: status, body: body, url: url) }
        do {
            let response = try JSONDecoder().decode(ValhallaResponse.self, from: body)
            return try ValhallaRouteBuilder(costing: costing, guidance: guidance).routes(response)
        } catch let error as ValhallaRouteBuilder.Malformed {
            throw AppError(.invalidServerResponse(url: url, reason: error.description))
        } catch {
            throw AppError(.invalidServerResponse(
                url: url, reason: "not a Valhalla route answer (\(DecodingSummary.describe(error)))"))
        }
    }

    /// The error for a non-2xx answer: Valhalla's own error JSON when there is one.
    static func failure(status: Int, body: Data, url: String) -> AppError {
        guard let error = try? JSONDecoder().decode(ValhallaErrorBody.self, from: body) else {
            return AppError(.invalidServerResponse(url: url, reason: "HTTP status \(status)"))
        }
        guard error.meansNoRoute else {
            return AppError(.invalidServerResponse(
                url: url, reason: "Valhalla refused the request (error \(error.errorCode), HTTP \(status)): \(error.error)"))
        }
        let advice = error.errorCode == 171 || error.errorCode == 172
            ? "a point is too far from any road this travel mode may use; move it onto a road"
            : "no road connects these points for this travel mode; try other points or fewer roads to avoid"
        return AppError(.noRoute("The Valhalla server found no route (error \(error.errorCode): \(error.error)): \(advice)."))
    }
}
