import GemNavCore

extension InstructionTable {
    /// Which group of `instructions` in a language file: a maneuver type (OSRM's string) or
    /// one of the arrival variants.
    enum TypeKey {
        case maneuver(ManeuverType)
        /// "arrive", "arrive stop", "arrive ahead" or "arrive stop ahead".
        case arrival(stop: Bool, ahead: Bool)

        static let count = ManeuverType.allCases.count + 3

        var index: Int {
            switch self {
            case .maneuver(let type): return ManeuverType.allCases.firstIndex(of: type) ?? 0
            case .arrival(let stop, let ahead):
                if !stop && !ahead { return ManeuverType.allCases.firstIndex(of: .arrive) ?? 0 }
                return ManeuverType.allCases.count + (stop ? 0 : 1) + (stop && ahead ? 2 : 0)
            }
        }

        /// The group's name in the language files.
        var name: String {
            switch self {
            case .maneuver(let type): return type.rawValue
            case .arrival(let stop, let ahead): return "arrive" + (stop ? " stop" : "") + (ahead ? " ahead" : "")
            }
        }

        /// Every key, in index order.
        static var all: [TypeKey] {
            ManeuverType.allCases.map { TypeKey.maneuver($0) }
                + [.arrival(stop: true, ahead: false), .arrival(stop: false, ahead: true), .arrival(stop: true, ahead: true)]
        }
    }

    /// Which entry of a group: a modifier, `default`, or a special wording.
    enum VariantKey {
        case modifier(ManeuverModifier)
        case standard, noExit, named, namedNoExit, ferry, leaveFerry

        static let count = ManeuverModifier.allCases.count + 6

        private static let specials: [VariantKey] = [.standard, .noExit, .named, .namedNoExit, .ferry, .leaveFerry]

        var index: Int {
            switch self {
            case .modifier(let m): return ManeuverModifier.allCases.firstIndex(of: m) ?? 0
            case .standard: return ManeuverModifier.allCases.count
            case .noExit: return ManeuverModifier.allCases.count + 1
            case .named: return ManeuverModifier.allCases.count + 2
            case .namedNoExit: return ManeuverModifier.allCases.count + 3
            case .ferry: return ManeuverModifier.allCases.count + 4
            case .leaveFerry: return ManeuverModifier.allCases.count + 5
            }
        }

        /// The entry's name in the language files.
        var name: String {
            switch self {
            case .modifier(let m): return m.rawValue
            case .standard: return "default"
            case .noExit: return "noExit"
            case .named: return "named"
            case .namedNoExit: return "namedNoExit"
            case .ferry: return "ferry"
            case .leaveFerry: return "leaveFerry"
            }
        }

        /// Every key, in index order.
        static var all: [VariantKey] { ManeuverModifier.allCases.map { VariantKey.modifier($0) } + specials }
    }

    /// The table of every (type, variant) template, laid out as `instruction(_:_:)` reads it.
    static func resolveAll(_ lookup: (String, String) -> Template?) -> [Template?] {
        var out = [Template?](repeating: nil, count: TypeKey.count * VariantKey.count)
        for type in TypeKey.all {
            for variant in VariantKey.all {
                out[type.index * VariantKey.count + variant.index] = lookup(type.name, variant.name)
            }
        }
        return out
    }
}
