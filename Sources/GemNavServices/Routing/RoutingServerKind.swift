import Foundation
import GemNavGuidance

/// Which protocol a routing server speaks; the probe finds out, the settings remember it.
public enum RoutingServerKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// OSRM's `/route/v1` (osrm-routed, `gemnav serve`).
    case osrm
    /// Valhalla's own `/route` JSON.
    case valhalla

    /// The provider for the server of this kind at `url`; `valhalla` is the costing asked of
    /// a Valhalla server (an OSRM server's profile is its own).
    public func provider(at url: URL, valhalla costing: ValhallaCosting = .auto,
                         guidance: GuidanceOptions = GuidanceOptions()) -> any RouteProvider
    {
        switch self {
        case .osrm: return OSRMHTTPRouteProvider(baseURL: url)
        case .valhalla: return ValhallaHTTPRouteProvider(baseURL: url, costing: costing, guidance: guidance)
        }
    }
}
