import Hummingbird

/// Serves the page's files and hands every other request to the API responder (OSRM routes,
/// search, tiles).
public struct WebAppResponder<API: HTTPResponder>: HTTPResponder where API.Context == BasicRequestContext {
    /// The request context of the API it wraps.
    public typealias Context = BasicRequestContext

    private let files: WebFiles
    private let api: API

    /// Files from `files`, everything else from `api`.
    public init(files: WebFiles, api: API) {
        self.files = files
        self.api = api
    }

    /// Answers one request.
    public func respond(to request: Request, context: Context) async throws -> Response {
        if request.method == .get || request.method == .head, let response = files.response(for: request.uri.path) {
            return response
        }
        return try await api.respond(to: request, context: context)
    }
}
