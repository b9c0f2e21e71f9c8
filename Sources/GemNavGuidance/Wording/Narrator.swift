import GemNavCore

/// Words planned steps using a language's string table.
struct Narrator {
    let table: InstructionTable
    /// Phrases used for every prompt, looked up once per leg rather than per prompt.
    private let thenPhrase: Template, inDistancePhrase: Template, continueForPhrase: Template

    init(table: InstructionTable) {
        self.table = table
        thenPhrase = table.phrase("then")
        inDistancePhrase = table.phrase("inDistance")
        continueForPhrase = table.phrase("continueFor")
    }

    /// Maneuvers whose signposted destinations matter more than the (usually absent) name.
    private static func destinationFirst(_ type: ManeuverType) -> Bool {
        switch type {
        case .onRamp, .offRamp, .fork, .merge: return true
        default: return false
        }
    }

    /// The written instruction for a step; `ahead` words an arrival as still to come
    /// ("You will arrive…") for prompts spoken before it, and `stop` numbers an intermediate
    /// destination ("your 2nd destination"). `previousMode` is the travel mode of the step
    /// before (leaving a ferry is worded differently).
    func instruction(_ step: PlannedStep, previousMode: TravelMode?, ahead: Bool = false, stop: Int? = nil)
        -> String
    {
        let d = step.decision
        var type = InstructionTable.TypeKey.maneuver(d.type)
        var variant = d.modifier.map(InstructionTable.VariantKey.modifier) ?? .standard
        switch d.type {
        case .depart: variant = .standard
        case .arrive: type = .arrival(stop: stop != nil, ahead: ahead)
        case .roundabout: variant = d.exit == nil ? .noExit : .standard
        case .rotary:
            let named = step.rotaryName != nil
            variant = d.exit == nil ? (named ? .namedNoExit : .noExit) : (named ? .named : .standard)
        case .notification:
            variant = step.road.mode == .ferry ? .ferry : (previousMode == .ferry ? .leaveFerry : .standard)
        default: break
        }
        guard let template = table.instruction(type, variant) else { return "" }
        var v = SlotValues()
        if d.type != .arrive {
            v.wayName = Self.wayName(step.target)
            v.destination = Self.spokenDestination(step.target)
            if Self.destinationFirst(d.type) && !v.destination.isEmpty {
                v.wayName = ""
            } else if !v.wayName.isEmpty {
                v.destination = ""
            }
        }
        v.direction = table.directions[((step.bearingAfter % 360 + 360) % 360 * 2 + 45) / 90 % 8]
        if let exit = d.exit { v.exitOrdinal = table.ordinal(exit) }
        if let stop { v.stopOrdinal = table.ordinal(stop) }
        v.rotaryName = step.rotaryName ?? ""
        return template.render(v)
    }

    /// Joins two instructions: "Turn left, then turn right".
    /// A sentence continued mid-phrase starts lower-case in languages that want it; every
    /// template starts with the table's own wording, never with a road name.
    func chain(_ first: String, _ second: String) -> String {
        var v = SlotValues()
        v.first = first
        v.second = second
        v.lowercaseContinuations = table.lowercaseAfterPrefix
        return thenPhrase.render(v)
    }

    /// "In 300 meters, turn left".
    func inDistance(_ distance: String, _ instruction: String) -> String {
        var v = SlotValues()
        v.distance = distance
        v.instruction = instruction
        v.lowercaseContinuations = table.lowercaseAfterPrefix
        return inDistancePhrase.render(v)
    }

    /// "Continue for 12 kilometers": the road ahead of a maneuver is long.
    func continueFor(_ distance: String) -> String {
        var v = SlotValues()
        v.distance = distance
        return continueForPhrase.render(v)
    }

    /// "Name (Ref)", "Name", "Ref" or "".
    static func wayName(_ road: RoadInfo) -> String {
        let ref = road.ref.utf8.contains(UInt8(ascii: ";")) ? road.ref.split(separator: ";").map(\.trimmed).joined(separator: " / ") : road.ref
        if road.name.isEmpty { return ref }
        return ref.isEmpty ? road.name : "\(road.name) (\(ref))"
    }

    /// OSRM's `destinations` field: "A8: Nice, Menton".
    static func destinations(_ road: RoadInfo) -> String {
        if road.destinationRef.isEmpty && !road.destinations.utf8.contains(UInt8(ascii: ";")) { return road.destinations }
        let names = road.destinations.split(separator: ";").map(\.trimmed)
            .joined(separator: ", ")
        let refs = road.destinationRef.split(separator: ";").map(\.trimmed)
            .joined(separator: ", ")
        if refs.isEmpty { return names }
        return names.isEmpty ? refs : "\(refs): \(names)"
    }

    /// What "towards …" says: the first two signposted places, else the destination ref.
    static func spokenDestination(_ road: RoadInfo) -> String {
        if road.destinations.isEmpty && road.destinationRef.isEmpty { return "" }
        let names = road.destinations.split(separator: ";").prefix(2).map(\.trimmed)
        if !names.isEmpty { return names.joined(separator: ", ") }
        return road.destinationRef.split(separator: ";").first.map { String($0.trimmed) } ?? ""
    }
}

extension Substring {
    /// Without leading and trailing spaces (OSM values are `;`-separated, sometimes with
    /// spaces after the separator). Avoids Foundation's slower `trimmingCharacters`.
    var trimmed: Substring {
        var s = self
        while s.utf8.first == UInt8(ascii: " ") { s = s.dropFirst() }
        while s.utf8.last == UInt8(ascii: " ") { s = s.dropLast() }
        return s
    }
}
