import GemNavCore

extension OSRMCodec {
    static func writeStep(_ step: RouteStep, options: OSRMEncodingOptions, into w: inout JSONWriter) {
        w.beginObject()
        w.key("distance")
        w.number(step.distance, decimals: 1)
        w.key("duration")
        w.number(step.duration, decimals: 1)
        w.key("weight")
        w.number(step.weight, decimals: 1)
        w.key("name")
        w.string(step.name)
        if !step.ref.isEmpty {
            w.key("ref")
            w.string(step.ref)
        }
        if !step.pronunciation.isEmpty {
            w.key("pronunciation")
            w.string(step.pronunciation)
        }
        if !step.destinations.isEmpty {
            w.key("destinations")
            w.string(step.destinations)
        }
        if !step.exits.isEmpty {
            w.key("exits")
            w.string(step.exits)
        }
        w.key("mode")
        w.string(step.mode.rawValue)
        w.key("driving_side")
        w.string(step.drivingSide.rawValue)
        w.key("geometry")
        writeGeometry(step.geometry, options.geometries, into: &w)
        w.key("maneuver")
        writeManeuver(step.maneuver, into: &w)
        w.key("intersections")
        w.beginArray()
        for i in step.intersections.indices { writeIntersection(step.intersections[i], into: &w) }
        w.endArray()
        if let rotary = step.rotaryName {
            w.key("rotary_name")
            w.string(rotary)
        }
        if options.voiceInstructions {
            w.key("voiceInstructions")
            w.beginArray()
            for i in step.voiceInstructions.indices {
                w.beginObject()
                w.key("distanceAlongGeometry")
                w.number(step.voiceInstructions[i].distanceAlongGeometry, decimals: 1)
                w.key("announcement")
                w.string(step.voiceInstructions[i].announcement)
                w.key("ssmlAnnouncement")
                if step.voiceInstructions[i].hasDerivedMarkup {
                    w.speechMarkup(of: step.voiceInstructions[i].announcement)
                } else {
                    w.string(step.voiceInstructions[i].ssmlAnnouncement)
                }
                w.endObject()
            }
            w.endArray()
        }
        if options.bannerInstructions {
            w.key("bannerInstructions")
            w.beginArray()
            for i in step.bannerInstructions.indices { writeBanner(step.bannerInstructions[i], into: &w) }
            w.endArray()
        }
        w.endObject()
    }

    static func writeManeuver(_ m: StepManeuver, into w: inout JSONWriter) {
        w.beginObject()
        w.key("location")
        w.lonLat(m.location)
        w.key("bearing_before")
        w.int(m.bearingBefore)
        w.key("bearing_after")
        w.int(m.bearingAfter)
        w.key("type")
        w.string(m.type.rawValue)
        if let modifier = m.modifier {
            w.key("modifier")
            w.string(modifier.rawValue)
        }
        if let exit = m.exit {
            w.key("exit")
            w.int(exit)
        }
        w.key("instruction")
        w.string(m.instruction)
        w.endObject()
    }

    static func writeIntersection(_ x: Intersection, into w: inout JSONWriter) {
        w.beginObject()
        w.key("location")
        w.lonLat(x.location)
        w.key("bearings")
        w.beginArray()
        for b in x.bearings { w.int(b) }
        w.endArray()
        w.key("entry")
        w.beginArray()
        for e in x.entry { w.bool(e) }
        w.endArray()
        if let i = x.inIndex {
            w.key("in")
            w.int(i)
        }
        if let o = x.outIndex {
            w.key("out")
            w.int(o)
        }
        if let lanes = x.lanes {
            w.key("lanes")
            w.beginArray()
            for lane in lanes {
                w.beginObject()
                w.key("indications")
                w.beginArray()
                for ind in lane.indications { w.string(ind) }
                w.endArray()
                w.key("valid")
                w.bool(lane.valid)
                w.endObject()
            }
            w.endArray()
        }
        if !x.classes.isEmpty {
            w.key("classes")
            w.beginArray()
            for c in x.classes { w.string(c) }
            w.endArray()
        }
        w.endObject()
    }

    static func writeBanner(_ b: BannerInstruction, into w: inout JSONWriter) {
        w.beginObject()
        w.key("distanceAlongGeometry")
        w.number(b.distanceAlongGeometry, decimals: 1)
        w.key("primary")
        writeBannerContent(b.primary, into: &w)
        w.key("secondary")
        if let s = b.secondary { writeBannerContent(s, into: &w) } else { w.null() }
        if let sub = b.sub {
            w.key("sub")
            writeBannerContent(sub, into: &w)
        }
        w.endObject()
    }

    static func writeBannerContent(_ c: BannerContent, into w: inout JSONWriter) {
        w.beginObject()
        w.key("text")
        w.string(c.text)
        if let type = c.type {
            w.key("type")
            w.string(type.rawValue)
        }
        if let modifier = c.modifier {
            w.key("modifier")
            w.string(modifier.rawValue)
        }
        if let degrees = c.degrees {
            w.key("degrees")
            w.number(degrees, decimals: 0)
        }
        w.key("components")
        w.beginArray()
        for i in c.components.indices {
            w.beginObject()
            w.key("text")
            w.string(c.components[i].text)
            w.key("type")
            w.string(c.components[i].type)
            if let directions = c.components[i].directions {
                w.key("directions")
                w.beginArray()
                for d in directions { w.string(d) }
                w.endArray()
            }
            if let active = c.components[i].active {
                w.key("active")
                w.bool(active)
            }
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }
}
