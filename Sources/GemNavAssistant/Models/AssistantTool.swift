import GemNavCore
import GemNavSearch

/// A function a model may call: one per assistant action, with a JSON Schema of its arguments
/// (the subset both Gemini's `functionDeclarations` and OpenAI's `tools` accept). Places are
/// words — a name, a category, a favourite, "here", "it" — looked up on the device.
public struct AssistantTool: Sendable, Hashable {
    /// The function's name, the action's `type`.
    public var name: String
    /// What it does, for the model.
    public var description: String
    /// The JSON Schema of its arguments (an object).
    public var parameters: JSONValue

    /// A tool from its parts.
    public init(name: String, description: String, parameters: JSONValue) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }

    /// The functions of every assistant action.
    public static let catalogue: [AssistantTool] = [
        tool("navigate", "Plan and start a trip to a place, optionally via stops, avoiding road kinds, by a travel mode.",
             ["destination": place("Where to go"), "stops": places("Places to pass by on the way, in order"),
              "avoid": avoidList("Road kinds to avoid on this trip"), "profile": profile],
             required: ["destination"]),
        tool("findNearby", "List the quickest-to-reach places of a category near the user (or near a place).",
             ["category": category, "near": place("Where to look around, when not near the user")],
             required: ["category"]),
        tool("addStop", "Add a stop to the current trip (or to the next one).", ["stop": place("The stop")],
             required: ["stop"]),
        tool("setAvoid", "Change which road kinds the trip avoids.",
             ["avoid": avoidList("Road kinds to avoid from now on"), "allow": avoidList("Road kinds allowed again")]),
        tool("setMode", "Switch how guidance reaches the user.",
             ["mode": .object(["type": "string", "enum": .array(AssistantGuidanceMode.allCases.map { .string($0.rawValue) }),
                               "description": "visual: the banner only; voice: spoken prompts; haptic: vibrations (pocket mode)"])],
             required: ["mode"]),
        tool("mute", "Silence spoken prompts."),
        tool("unmute", "Speak prompts again."),
        tool("repeatInstruction", "Say the last guidance instruction again."),
        tool("eta", "How long, how far, when the user arrives: to the trip's destination, or to a named place.",
             ["place": place("A place other than the trip's destination")]),
        tool("speedLimit", "The speed limit where the user is."),
        tool("whereAmI", "Where the user is."),
        tool("cancelNavigation", "End the trip."),
        tool("pauseNavigation", "Pause guidance; the trip is kept."),
        tool("resumeNavigation", "Resume paused guidance."),
        tool("continueToNextStop", "Leave the stop the user has reached and guide along the next leg."),
        tool("skipStop", "Drop the trip's next stop and go on to the one after it, or the destination."),
        tool("checkRoute", "Look for a faster route than the one being followed (traffic, a better way) and offer it."),
        tool("setLanguage", "Speak another language: the replies and the spoken guidance.",
             ["language": .object(["type": "string", "enum": .array(AssistantLanguage.allCases.map { .string($0.rawValue) }),
                                   "description": "en: English; fr: French"])],
             required: ["language"]),
        tool("vibrationsOff", "Stop vibration cues (choosing the haptic mode turns them back on)."),
        tool("saveFavourite", "Save a place as a favourite (Home, Work or a name of the user's).",
             ["name": .object(["type": "string", "description": "Home, Work, or the name to save it under"]),
              "place": place("The place to save; omit for where the user is or the place just talked about")],
             required: ["name"]),
        tool("requestRide", "Ask for a ride (taxi, cab, VTC) from where the user is.",
             ["destination": place("Where the ride goes, when said")]),
    ]

    private static func tool(_ name: String, _ description: String, _ properties: [String: JSONValue] = [:],
                             required: [String] = []) -> AssistantTool
    {
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return AssistantTool(name: name, description: description, parameters: .object(schema))
    }

    private static func place(_ what: String) -> JSONValue {
        .object(["type": "string",
                 "description": .string("\(what): a place name as the user said it, a category (pharmacy, fuel…) for the quickest one, a favourite (Home, Work), an entry of the list last shown, \"here\" or \"it\"")])
    }

    private static func places(_ what: String) -> JSONValue {
        .object(["type": "array", "items": place("A place"), "description": .string(what)])
    }

    private static func avoidList(_ what: String) -> JSONValue {
        .object(["type": "array", "description": .string(what),
                 "items": .object(["type": "string", "enum": .array(AvoidOptions([.tolls, .motorways, .ferries]).names.map { .string($0) })])])
    }

    private static let profile: JSONValue = .object([
        "type": "string", "enum": .array(AssistantProfile.allCases.map { .string($0.rawValue) }),
        "description": "How the user travels; omit when not said",
    ])

    private static let category: JSONValue = .object([
        "type": "string", "enum": .array(SearchCategory.allCases.map { .string($0.rawValue) }),
        "description": "The kind of place",
    ])
}
