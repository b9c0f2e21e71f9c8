import Foundation
import GemNavAssistant
import GemNavRouting
import GemNavServices

extension AppComposition {
    /// The chat screen for `app`, on the environment's place search and, when the car
    /// provider is the embedded engine, its travel times (else places rank by distance).
    @MainActor
    public static func assistant(for app: AppModel, in environment: Environment) -> AssistantModel {
        let engines = environment.providers.compactMapValues { ($0 as? EngineRouteProvider)?.engine }
        var byProfile: [AssistantProfile: RoutingEngine] = [:]
        for (profile, engine) in engines {
            if let p = AssistantProfile(rawValue: profile.rawValue) { byProfile[p] = engine }
        }
        let travel = byProfile.isEmpty ? nil : EngineTravelTimes(engines: byProfile)
        let assistant = Assistant(places: environment.places, travel: travel, centre: environment.centre,
                                  timeZone: environment.timeZone, locale: environment.locale)
        return AssistantModel(assistant: assistant, app: app)
    }
}
