import Hummingbird

/// Serves the page's files and hands every other request to the API responder (OSRM routes,
/// search, tiles).
public struct WebAppResponder<API: HTTPResponder>: HTTPResponder where API.Context == BasicRequestContext {
    /// The request context of the API it wraps.
    public typealias Context = BasicRequestContext

    private let files: WebFiles
    private let api: API
    private let hasMap: Bool
    private let assistant: AssistantEndpoint

    /// Files from `files`, the assistant of `sessions`' apps at `/assistant`, everything else
    /// from `api`; `hasMap` says whether the API serves map tiles and a style for this data.
    public init(files: WebFiles, api: API, hasMap: Bool, sessions: WebSessions) {
        self.files = files
        self.api = api
        self.hasMap = hasMap
        self.assistant = AssistantEndpoint(sessions: sessions)
    }

    /// What the page can load, so that it never probes for a missing file (a 404 is a console
    /// error): `{"mapLibrary": Bool, "map": Bool}`.
    static var configPath: String { "/app/config.json" }

    /// Answers one request.
    public func respond(to request: Request, context: Context) async throws -> Response {
        if request.uri.path == AssistantEndpoint.path { return await assistant.respond(to: request) }
        if request.uri.path == AssistantEndpoint.audioPath { return await assistant.respondToAudio(request) }
        if request.method == .get || request.method == .head {
            if request.uri.path == Self.configPath {
                var headers = HTTPFields()
                headers[.contentType] = "application/json"
                headers[.cacheControl] = "no-cache"
                let body = #"{"mapLibrary":\#(files.hasMapLibrary),"map":\#(hasMap)}"#
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
            }
            if let response = files.response(for: request.uri.path) { return response }
        }
        return try await api.respond(to: request, context: context)
    }
}
