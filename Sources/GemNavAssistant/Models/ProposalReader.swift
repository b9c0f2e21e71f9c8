import GemNavCore
import GemNavSearch

/// Reads a model's proposed call into the request the on-device understanding would have
/// made, so it is carried out by the same code: places are looked up by the same resolution
/// (names through the index, categories by travel time, favourites, the last list), and a
/// value outside what the app has (a mode, a road kind, a category, a function) is refused
/// here with the reason.
struct ProposalReader {
    let context: ConversationContext

    /// Why a proposed call is not acted on.
    struct Problem: Error, Hashable {
        /// The reply template.
        var key: String
        /// Its slots.
        var slots: [String: String] = [:]
    }

    /// The request `call` stands for.
    func request(_ call: ProposedCall) throws(Problem) -> ParsedRequest {
        guard let intent = Intent(rawValue: call.name), intent != .select else {
            throw Problem(key: "model.unknownCall", slots: ["call": call.name])
        }
        let args = call.arguments
        var request = ParsedRequest(intent: intent)
        switch intent {
        case .navigate:
            request.place = try place(args, "destination", required: true)
            request.stops = try placeList(args, "stops")
            request.avoid = try avoid(args, "avoid")
            request.profile = try value(args, "profile", AssistantProfile.init(rawValue:))
        case .findNearby:
            guard let category = try value(args, "category", SearchCategory.init(rawValue:)) else {
                throw Problem(key: "model.missing", slots: ["argument": "category"])
            }
            request.place = .category(category)
            request.anchor = try place(args, "near")
        case .addStop:
            request.place = try place(args, "stop", required: true)
        case .setAvoid:
            request.avoid = try avoid(args, "avoid")
            request.allow = try avoid(args, "allow")
        case .setMode:
            guard let mode = try value(args, "mode", AssistantGuidanceMode.init(rawValue:)) else {
                throw Problem(key: "model.missing", slots: ["argument": "mode"])
            }
            request.mode = mode
        case .eta:
            request.place = try place(args, "place")
        case .saveFavourite:
            guard let name = try text(args, "name") else { throw Problem(key: "model.missing", slots: ["argument": "name"]) }
            let folded = TextFolding.normalize(name)
            request.name = Self.roles[folded] ?? name
            request.place = try place(args, "place")
        case .requestRide:
            request.place = try place(args, "destination")
        case .setLanguage:
            guard let language = try value(args, "language", AssistantLanguage.init(rawValue:)) else {
                throw Problem(key: "model.missing", slots: ["argument": "language"])
            }
            request.speaking = language
        case .skipStop, .pauseNavigation, .resumeNavigation, .continueToNextStop, .checkRoute, .vibrationsOff, .mute,
             .unmute, .repeatInstruction, .speedLimit, .whereAmI, .cancelNavigation, .select:
            break
        }
        return request
    }

    /// Favourite roles by their folded words.
    static let roles = ["home": "Home", "maison": "Home", "chez moi": "Home", "domicile": "Home", "work": "Work",
                        "travail": "Work", "bureau": "Work", "boulot": "Work", "office": "Work"]

    /// Words that mean the user's position.
    static let here: Set = ["here", "my location", "current location", "where i am", "ici", "ma position"]

    /// Words that mean the place the conversation is about.
    static let focus: Set = ["it", "there", "this place", "that place", "la", "cet endroit"]

    /// The place words stand for: the user's position, the place in focus, a favourite, an
    /// entry of the list last shown, a category, or a name to look up.
    func reference(_ words: String) -> PlaceReference {
        let folded = TextFolding.normalize(words)
        if Self.here.contains(folded) { return .here }
        if Self.focus.contains(folded) { return .focus }
        if let role = Self.roles[folded] { return .favourite(role) }
        if let i = context.list.firstIndex(where: { TextFolding.normalize($0.place.name) == folded }) {
            return .ordinal(i + 1)
        }
        if let category = SearchCategory(rawValue: folded) { return .category(category) }
        return .text(words)
    }

    private func text(_ args: [String: JSONValue], _ name: String) throws(Problem) -> String? {
        switch args[name] {
        case nil, .null?: return nil
        case .string(let s)?:
            let trimmed = s.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        default: throw Problem(key: "model.badValue", slots: ["argument": name, "value": Self.shown(args[name])])
        }
    }

    private func place(_ args: [String: JSONValue], _ name: String, required: Bool = false) throws(Problem)
        -> PlaceReference?
    {
        guard let words = try text(args, name) else {
            if required { throw Problem(key: "model.missing", slots: ["argument": name]) }
            return nil
        }
        return reference(words)
    }

    private func placeList(_ args: [String: JSONValue], _ name: String) throws(Problem) -> [PlaceReference] {
        try strings(args, name).map(reference)
    }

    private func strings(_ args: [String: JSONValue], _ name: String) throws(Problem) -> [String] {
        switch args[name] {
        case nil, .null?: return []
        case .string(let s)?: return [s]
        case .array(let items)?:
            var out: [String] = []
            for item in items {
                guard let s = item.string else {
                    throw Problem(key: "model.badValue", slots: ["argument": name, "value": Self.shown(item)])
                }
                out.append(s)
            }
            return out
        default: throw Problem(key: "model.badValue", slots: ["argument": name, "value": Self.shown(args[name])])
        }
    }

    private func avoid(_ args: [String: JSONValue], _ name: String) throws(Problem) -> AvoidOptions {
        var options: AvoidOptions = []
        for word in try strings(args, name) {
            switch TextFolding.normalize(word) {
            case "tolls", "toll": options.insert(.tolls)
            case "motorways", "motorway", "highways", "highway": options.insert(.motorways)
            case "ferries", "ferry": options.insert(.ferries)
            default: throw Problem(key: "model.badValue", slots: ["argument": name, "value": word])
            }
        }
        return options
    }

    private func value<T>(_ args: [String: JSONValue], _ name: String, _ make: (String) -> T?) throws(Problem) -> T? {
        guard let words = try text(args, name) else { return nil }
        guard let v = make(TextFolding.normalize(words)) ?? make(words) else {
            throw Problem(key: "model.badValue", slots: ["argument": name, "value": words])
        }
        return v
    }

    private static func shown(_ value: JSONValue?) -> String {
        value.map { String(decoding: $0.data(), as: UTF8.self) } ?? "null"
    }
}
