import Foundation
import GemNavCore
import GemNavSearch
import GemNavServices

/// One turn being worked out: the request's intent carried out against the context, the
/// actions collected and the reply written.
struct Turn {
    let writer: ReplyWriter
    var context: ConversationContext
    let origin: Coordinate
    let facts: LiveFacts?
    let now: Date
    let assistant: Assistant
    var reply = ""
    var actions: [AssistantAction] = []

    var finder: PlaceFinder { PlaceFinder(places: assistant.places, travel: assistant.travel) }

    init(writer: ReplyWriter, context: ConversationContext, origin: Coordinate, facts: LiveFacts?, now: Date,
         assistant: Assistant)
    {
        self.writer = writer
        self.context = context
        self.origin = origin
        self.facts = facts
        self.now = now
        self.assistant = assistant
    }

    mutating func say(_ key: String, _ slots: [String: String] = [:]) { reply = writer.say(key, slots) }

    mutating func handle(_ request: ParsedRequest) async {
        var request = request
        // Avoid words with a place are a trip to plan, not a change to the current one; a place
        // asked for by name is where to go ("find the casino").
        if request.intent == .setAvoid, case .text? = request.place { request.intent = .navigate }
        if request.intent == .findNearby, let place = request.place {
            if case .category = place {} else { request.intent = .navigate }
        }
        // "The fastest route to the casino": a trip to plan, not a check of the current one.
        if request.intent == .checkRoute, case .text? = request.place { request.intent = .navigate }
        // "Guide me by vibrations": a way of being guided, not a place to go.
        if request.intent == .navigate, request.place == nil, request.mode != nil { request.intent = .setMode }
        switch request.intent {
        case .navigate?: await navigate(request)
        case .findNearby?: await findNearby(request)
        case .addStop?: await addStop(request)
        case .setAvoid?: setAvoid(request)
        case .setMode?: setMode(request)
        case .mute?:
            context.isMuted = true
            actions = [.mute]
            say("mute")
        case .unmute?:
            context.isMuted = false
            actions = [.unmute]
            say("unmute")
        case .repeatInstruction?:
            let text = facts?.lastInstruction ?? context.lastInstruction
            actions = [.repeatInstruction(text: text)]
            // Outside a trip "say again" repeats the assistant's own last answer.
            if let text = text ?? context.lastReply { say("repeat", ["text": text]) } else { say("repeat.none") }
        case .eta?: await eta(request)
        case .speedLimit?: await speedLimit()
        case .whereAmI?: await whereAmI()
        case .cancelNavigation?:
            actions = [.cancelNavigation]
            if let trip = context.trip { say("cancel", ["name": trip.destination.name]) } else { say("cancel.noTrip") }
            context.trip = nil
            context.plannedStops = []
        case .saveFavourite?: await saveFavourite(request)
        case .requestRide?: await requestRide(request)
        case .select?: await select(request)
        case .pauseNavigation?: onTrip(.pauseNavigation, "pause")
        case .resumeNavigation?: onTrip(.resumeNavigation, "resume")
        case .continueToNextStop?: onTrip(.continueToNextStop, "nextStop", name: context.trip?.stops.first?.name)
        case .skipStop?: skipStop()
        case .checkRoute?: onTrip(.checkRoute, "fasterRoute")
        case .setLanguage?: setLanguage(request)
        case .vibrationsOff?:
            actions = [.vibrationsOff]
            say("vibrationsOff")
        case nil:
            actions = [.unknown]
            say("unknown")
        }
    }

    // MARK: - Places

    /// The place `reference` names, for a trip by `profile` avoiding `avoid`.
    mutating func resolve(_ reference: PlaceReference?, request: ParsedRequest, anchor: Coordinate? = nil) async
        -> Resolution
    {
        let profile = request.profile ?? .car
        let avoid = context.avoid.union(request.avoid).subtracting(request.allow)
        switch reference {
        case nil: return .missing
        case .text(let text)?:
            if let favourite = favourite(named: text) {
                return .found(await finder.candidate(favourite, from: origin, profile: profile, avoid: avoid))
            }
            return await finder.named(text, from: origin, profile: profile, avoid: avoid, nearest: request.nearest)
        case .category(let category)?:
            let found = await finder.category(category, around: anchor, from: origin, profile: profile, avoid: avoid)
            return found.first.map { .found($0) } ?? .notFound(writer.category(category))
        case .favourite(let role)?:
            guard let place = favourite(named: role) else { return .unsetFavourite(role) }
            return .found(await finder.candidate(place, from: origin, profile: profile, avoid: avoid))
        case .ordinal(let n)?:
            guard !context.list.isEmpty, n <= context.list.count else { return .noList }
            return .found(context.list[n == 0 ? context.list.count - 1 : n - 1])
        case .here?:
            return .found(Candidate(place: await here(), duration: 0, distance: 0))
        case .focus?:
            guard let focus = context.focus ?? context.trip?.destination else { return .missing }
            return .found(await finder.candidate(focus, from: origin, profile: profile, avoid: avoid))
        }
    }

    /// The favourite called `name` ("home" finds "Home").
    func favourite(named name: String) -> Place? {
        let wanted = TextFolding.normalize(name)
        let aliases: [String: String] = ["maison": "home", "chez moi": "home", "domicile": "home", "travail": "work",
                                         "boulot": "work", "bureau": "work", "office": "work"]
        let target = aliases[wanted] ?? wanted
        return context.favourites.first { TextFolding.normalize($0.name) == target }
    }

    /// Where the user is, named by reverse geocoding when the index knows the street.
    func here() async -> Place {
        if let spot = await assistant.places.reverse(origin) {
            return Place(name: spot.name, subtitle: spot.subtitle, coordinate: origin)
        }
        return Place(name: String(format: "%.5f, %.5f", origin.latitude, origin.longitude), coordinate: origin)
    }

    /// Replies to a resolution that found no single place; true when it did that.
    mutating func explain(_ resolution: Resolution, for request: ParsedRequest) -> Bool {
        switch resolution {
        case .found: return false
        case .choices(let options):
            context.list = options
            context.pending = request
            actions = [.clarify(options: options)]
            say("clarify", ["options": writer.options(options)])
        case .notFound(let text):
            actions = [.unknown]
            say("notFound", ["text": text])
        case .unsetFavourite(let role):
            actions = [.clarify(options: [])]
            say("favourite.unset", ["name": writer.word(role)])
        case .noList:
            actions = [.unknown]
            say("select.noList")
        case .missing:
            actions = [.clarify(options: [])]
            say("clarify.where")
        }
        return true
    }

    // MARK: - Intents

    mutating func navigate(_ request: ParsedRequest) async {
        var request = request
        // "On foot" alone changes how to reach the trip's destination.
        if request.place == nil, let trip = context.trip {
            request.place = .focus
            context.focus = trip.destination
        }
        // "Let's go" after places were shown goes to the one in focus.
        if request.place == nil, context.focus != nil { request.place = .focus }
        let resolution = await resolve(request.place, request: request, anchor: await anchorPoint(request))
        if explain(resolution, for: request) { return }
        guard case .found(let destination) = resolution else { return }
        await startTrip(to: destination.place, request: request)
    }

    mutating func startTrip(to destination: Place, request: ParsedRequest) async {
        var stops = context.plannedStops
        for reference in request.stops {
            switch await resolve(reference, request: request) {
            case .found(let stop): stops.append(stop.place)
            case .choices(let options): stops.append(options[0].place)
            default: break
            }
        }
        let profile = request.profile ?? (request.place == .focus ? context.trip?.profile : nil) ?? .car
        let avoid = context.avoid.union(request.avoid).subtracting(request.allow)
        context.avoid = avoid
        let estimate = await assistant.travel?.estimate(
            through: [origin] + stops.map(\.coordinate) + [destination.coordinate], avoid: avoid, profile: profile)
        context.trip = AssistantTrip(destination: destination, stops: stops, avoid: avoid, profile: profile)
        context.plannedStops = []
        context.focus = destination
        context.pending = nil
        actions = [.navigate(destination: destination, stops: stops, avoid: avoid, profile: profile, estimate: estimate)]
        say("navigate", [
            "name": destination.name,
            "stops": stops.isEmpty ? "" : writer.say("navigate.stops", ["names": writer.list(stops.map(\.name))]),
            "avoid": avoid.isEmpty ? "" : writer.say("navigate.avoid", ["avoid": writer.avoid(avoid)]),
            "profile": writer.say("navigate.profile.\(profile.rawValue)"),
            "estimate": writer.estimate(duration: estimate?.duration, distance: estimate?.distance),
        ])
    }

    /// A command on the trip under way: its action, replied to with `key` naming `name` (the
    /// trip's destination unless given), or with `key.noTrip` when there is no trip.
    mutating func onTrip(_ action: AssistantAction, _ key: String, name: String? = nil) {
        actions = [action]
        guard let trip = context.trip else {
            say("\(key).noTrip")
            return
        }
        say(key, ["name": name ?? trip.destination.name])
    }

    /// Drops the trip's next stop: the trip goes on to the stop after it, or its destination.
    mutating func skipStop() {
        guard var trip = context.trip, !trip.stops.isEmpty else {
            actions = []
            say("skipStop.none")
            return
        }
        let skipped = trip.stops.removeFirst()
        context.trip = trip
        actions = [.skipStop(skipped)]
        say("skipStop", ["name": skipped.name, "next": trip.stops.first?.name ?? trip.destination.name])
    }

    /// Where "near X" points to, when X is a place found.
    mutating func anchorPoint(_ request: ParsedRequest) async -> Coordinate? {
        guard let anchor = request.anchor, case .found(let c) = await resolve(anchor, request: request) else { return nil }
        return c.place.coordinate
    }

    mutating func findNearby(_ request: ParsedRequest) async {
        guard case .category(let category)? = request.place else {
            actions = [.clarify(options: [])]
            say("clarify.what")
            return
        }
        let anchor = await anchorPoint(request)
        let avoid = context.avoid.union(request.avoid)
        let results = Array(await finder.category(category, around: anchor, from: origin, profile: request.profile ?? .car,
                                                  avoid: avoid).prefix(Assistant.listLength))
        actions = [.findNearby(category: category, results: results)]
        context.list = results
        var navigateRequest = request
        navigateRequest.intent = .navigate
        context.pending = navigateRequest
        guard let first = results.first else {
            say("nearby.none", ["category": writer.category(category)])
            return
        }
        context.focus = first.place
        let name = writer.category(category)
        say("nearby", ["category": writer.language == .fr ? name.prefix(1).uppercased() + name.dropFirst() : name,
                       "name": first.place.name,
                       "estimate": writer.estimate(duration: first.duration, distance: first.distance)])
        if results.count > 1 { reply += writer.say("nearby.more", ["count": String(results.count)]) }
    }

    mutating func addStop(_ request: ParsedRequest) async {
        let reference = request.place ?? request.stops.first
        let resolution = await resolve(reference, request: request)
        if explain(resolution, for: request) { return }
        guard case .found(let stop) = resolution else { return }
        actions = [.addStop(stop.place)]
        context.pending = nil
        if context.trip != nil {
            context.trip?.stops.append(stop.place)
            say("addStop", ["name": stop.place.name])
        } else {
            context.plannedStops.append(stop.place)
            say("addStop.noTrip", ["name": stop.place.name])
        }
    }

    mutating func setAvoid(_ request: ParsedRequest) {
        let before = context.trip?.avoid ?? context.avoid
        let after = before.union(request.avoid).subtracting(request.allow)
        context.avoid = after
        context.trip?.avoid = after
        actions = [.setAvoid(after)]
        if !request.allow.isEmpty {
            say("avoid.off", ["allow": writer.avoid(request.allow, capitalised: true)])
        } else if after.isEmpty {
            say("avoid.none")
        } else {
            say("avoid.on", ["avoid": writer.avoid(after)])
        }
    }

    mutating func setMode(_ request: ParsedRequest) {
        guard let mode = request.mode else {
            actions = [.clarify(options: [])]
            say("clarify.mode")
            return
        }
        context.mode = mode
        actions = [.setMode(mode)]
        say("mode.\(mode.rawValue)")
    }

    /// Speaks the language named, from this reply on (`Assistant` writes it in that language).
    mutating func setLanguage(_ request: ParsedRequest) {
        guard let language = request.speaking else {
            actions = [.clarify(options: [])]
            say("clarify.language")
            return
        }
        context.language = language
        actions = [.setLanguage(language)]
        say("language")
    }

    mutating func eta(_ request: ParsedRequest) async {
        if let reference = request.place, reference != .focus || context.trip == nil,
           case let resolution = await resolve(reference, request: request),
           !(context.trip != nil && resolution == .notFound(resolutionText(reference)))
        {
            if explain(resolution, for: request) { return }
            guard case .found(let c) = resolution else { return }
            let estimate = c.duration.map { TravelEstimate(duration: $0, distance: c.distance) }
            actions = [.eta(destination: c.place, estimate: estimate)]
            if let d = c.duration {
                say("eta.place", ["name": c.place.name, "duration": writer.format.duration(d),
                                  "distance": writer.format.distance(c.distance)])
            } else {
                say("eta.unknown", ["name": c.place.name])
            }
            return
        }
        if let facts, let time = facts.remainingTime, !time.isEmpty {
            actions = [.eta(destination: context.trip?.destination, estimate: nil)]
            say("eta.trip", ["duration": time, "name": facts.destination ?? context.trip?.destination.name ?? "",
                             "distance": facts.remainingDistance ?? "", "arrival": facts.arrival ?? ""])
            return
        }
        guard let trip = context.trip else {
            actions = [.eta(destination: nil, estimate: nil)]
            say("eta.noTrip")
            return
        }
        let estimate = await tripEstimate(trip)
        actions = [.eta(destination: trip.destination, estimate: estimate)]
        guard let estimate else {
            say("eta.unknown", ["name": trip.destination.name])
            return
        }
        say("eta.trip", ["duration": writer.format.duration(estimate.duration), "name": trip.destination.name,
                         "distance": writer.format.distance(estimate.distance),
                         "arrival": assistant.timeFormat.time(now.addingTimeInterval(estimate.duration))])
    }

    /// The words a reference was looked up by.
    func resolutionText(_ reference: PlaceReference) -> String {
        if case .text(let text) = reference { return text }
        return ""
    }

    func tripEstimate(_ trip: AssistantTrip) async -> TravelEstimate? {
        await assistant.travel?.estimate(through: [origin] + trip.stops.map(\.coordinate) + [trip.destination.coordinate],
                                         avoid: trip.avoid, profile: trip.profile)
    }

    mutating func speedLimit() async {
        if let limit = facts?.speedLimit, !limit.isEmpty {
            actions = [.speedLimit(kmh: Double(limit.prefix { $0.isNumber }))]
            say("speed", ["limit": limit])
            return
        }
        guard let trip = context.trip else {
            actions = [.speedLimit(kmh: nil)]
            say("speed.noTrip")
            return
        }
        let kmh = await tripEstimate(trip)?.speedLimitKmh
        actions = [.speedLimit(kmh: kmh)]
        if let kmh { say("speed", ["limit": "\(Int(kmh.rounded())) km/h"]) } else { say("speed.unknown") }
    }

    mutating func whereAmI() async {
        let spot = await assistant.places.reverse(origin)
        if let street = facts?.street, !street.isEmpty {
            actions = [.whereAmI(place: Place(name: street, coordinate: origin))]
            say("where", ["place": street])
        } else if let spot {
            let place = Place(name: spot.name, subtitle: spot.subtitle, coordinate: origin)
            actions = [.whereAmI(place: place)]
            say("where", ["place": place.label])
        } else {
            actions = [.whereAmI(place: nil)]
            say("where.unknown", ["coordinate": String(format: "%.5f, %.5f", origin.latitude, origin.longitude)])
        }
    }

    mutating func saveFavourite(_ request: ParsedRequest) async {
        var reference = request.place ?? .focus
        var name = request.name
        if case .favourite(let role) = reference, name == nil {
            name = role
            reference = .focus
        }
        let resolution: Resolution
        if reference == .focus, context.focus == nil, context.trip == nil {
            resolution = await resolve(.here, request: request)
        } else {
            resolution = await resolve(reference, request: request)
        }
        if explain(resolution, for: request) { return }
        guard case .found(let c) = resolution else { return }
        let title = name.map { $0 == "Home" || $0 == "Work" ? $0 : $0.prefix(1).uppercased() + $0.dropFirst() }
            ?? c.place.name
        context.favourites.removeAll { TextFolding.normalize($0.name) == TextFolding.normalize(title) }
        var saved = c.place
        saved.name = title
        saved.id = title
        context.favourites.append(saved)
        context.pending = nil
        actions = [.saveFavourite(name: title, place: c.place)]
        say(title == c.place.name ? "save.unnamed" : "save", ["place": c.place.name, "name": writer.word(title)])
    }

    mutating func requestRide(_ request: ParsedRequest) async {
        let pickup = await here()
        var destination: Place?
        if let reference = request.place, reference != .here {
            let resolution = await resolve(reference, request: request)
            if explain(resolution, for: request) { return }
            if case .found(let c) = resolution { destination = c.place }
        }
        context.pending = nil
        actions = [.requestRide(pickup: pickup, destination: destination)]
        say("ride", ["pickup": pickup.name,
                     "to": destination.map { writer.say("ride.to", ["name": $0.name]) } ?? ""])
    }

    /// "The second one": the pick acts as the request that made the list (navigate, add a stop,
    /// a ride…), or as "take me there" after a list of places nearby.
    mutating func select(_ request: ParsedRequest) async {
        guard case .ordinal(let n)? = request.place, !context.list.isEmpty, n <= context.list.count else {
            actions = [.unknown]
            say("select.noList")
            return
        }
        let chosen = context.list[n == 0 ? context.list.count - 1 : n - 1]
        var pending = context.pending ?? ParsedRequest(intent: .navigate)
        pending.place = .ordinal(n)
        pending.nearest = false
        if request.profile != nil { pending.profile = request.profile }
        pending.avoid.formUnion(request.avoid)
        context.focus = chosen.place
        switch pending.intent {
        case .addStop?: await addStop(pending)
        case .requestRide?: await requestRide(pending)
        case .saveFavourite?: await saveFavourite(pending)
        case .eta?: await eta(pending)
        default: await startTrip(to: chosen.place, request: pending)
        }
    }
}
