import GemNavCore

extension OSRMCodec {
    static func decodeStep(_ n: JSONNode) throws(OSRMDecodingError) -> RouteStep {
        let modeText = try n.optionalString("mode") ?? "driving"
        // OSRM profiles also report modes such as "pushing bike" or "train"; map them onto
        // the closest mode guidance knows.
        let mode: TravelMode
        switch modeText {
        case "pushing bike", "walking": mode = .walking
        case "ferry": mode = .ferry
        default: mode = TravelMode(rawValue: modeText) ?? .driving
        }
        let side = try n.optionalString("driving_side").flatMap { DrivingSide(rawValue: $0) } ?? .right
        let duration = try n.double("duration")
        var step = RouteStep(
            distance: try n.double("distance"), duration: duration,
            weight: try n.optionalDouble("weight") ?? duration,
            name: try n.optionalString("name") ?? "", ref: try n.optionalString("ref") ?? "",
            destinations: try n.optionalString("destinations") ?? "",
            exits: try n.optionalString("exits") ?? "", mode: mode, drivingSide: side,
            geometry: try n.optionalGeometry("geometry") ?? [],
            maneuver: try decodeManeuver(n.object("maneuver")),
            intersections: try n.optionalArray("intersections").map(decodeIntersection),
            rotaryName: try n.optionalString("rotary_name"),
            voiceInstructions: try n.optionalArray("voiceInstructions").map(decodeVoice),
            bannerInstructions: try n.optionalArray("bannerInstructions").map(decodeBanner))
        step.pronunciation = try n.optionalString("pronunciation") ?? ""
        return step
    }

    static func decodeManeuver(_ n: JSONNode) throws(OSRMDecodingError) -> StepManeuver {
        let typeText = try n.string("type")
        // "ramp" is OSRM's deprecated name for "on ramp".
        guard let type = ManeuverType(rawValue: typeText == "ramp" ? "on ramp" : typeText) else {
            throw OSRMDecodingError(.invalidValue(typeText), at: n.path + ".type")
        }
        var modifier: ManeuverModifier?
        if let text = try n.optionalString("modifier") {
            guard let m = ManeuverModifier(rawValue: text) else {
                throw OSRMDecodingError(.invalidValue(text), at: n.path + ".modifier")
            }
            modifier = m
        }
        return StepManeuver(location: try n.coordinate("location"),
                            bearingBefore: try n.optionalInt("bearing_before") ?? 0,
                            bearingAfter: try n.optionalInt("bearing_after") ?? 0, type: type,
                            modifier: modifier, exit: try n.optionalInt("exit"),
                            instruction: try n.optionalString("instruction") ?? "")
    }

    static func decodeIntersection(_ n: JSONNode) throws(OSRMDecodingError) -> Intersection {
        var lanes: [Lane]?
        if let items = try n.optionalArrayIfPresent("lanes") {
            lanes = try items.map { (lane: JSONNode) throws(OSRMDecodingError) -> Lane in
                Lane(indications: try lane.optionalStrings("indications") ?? [],
                     valid: try lane.optionalBool("valid") ?? false)
            }
        }
        return Intersection(location: try n.coordinate("location"),
                            bearings: .init(try n.optionalDoubles("bearings")?.map { Int($0.rounded()) } ?? []),
                            entry: .init(try n.optionalBools("entry") ?? []), inIndex: try n.optionalInt("in"),
                            outIndex: try n.optionalInt("out"), lanes: lanes,
                            classes: try n.optionalStrings("classes") ?? [])
    }

    static func decodeVoice(_ n: JSONNode) throws(OSRMDecodingError) -> VoiceInstruction {
        let text = try n.optionalString("announcement") ?? ""
        return VoiceInstruction(distanceAlongGeometry: try n.double("distanceAlongGeometry"),
                                announcement: text,
                                ssmlAnnouncement: try n.optionalString("ssmlAnnouncement") ?? text)
    }

    static func decodeBanner(_ n: JSONNode) throws(OSRMDecodingError) -> BannerInstruction {
        BannerInstruction(distanceAlongGeometry: try n.double("distanceAlongGeometry"),
                          primary: try decodeBannerContent(n.object("primary")),
                          secondary: try n.optionalObject("secondary").map(decodeBannerContent),
                          sub: try n.optionalObject("sub").map(decodeBannerContent))
    }

    static func decodeBannerContent(_ n: JSONNode) throws(OSRMDecodingError) -> BannerContent {
        let components = try n.optionalArray("components").map {
            (c: JSONNode) throws(OSRMDecodingError) -> BannerComponent in
            BannerComponent(type: try c.optionalString("type") ?? "text", text: try c.optionalString("text") ?? "",
                            directions: try c.optionalStrings("directions"), active: try c.optionalBool("active"))
        }
        return BannerContent(text: try n.optionalString("text") ?? "",
                             type: try n.optionalString("type").flatMap { ManeuverType(rawValue: $0) },
                             modifier: try n.optionalString("modifier").flatMap { ManeuverModifier(rawValue: $0) },
                             degrees: try n.optionalDouble("degrees"), components: components)
    }
}
