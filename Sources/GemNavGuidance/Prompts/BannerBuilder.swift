import GemNavCore

/// Builds the Mapbox-style banner shown along a step for the maneuver that ends it.
struct BannerBuilder {
    let narrator: Narrator

    /// The banner for step `k`, shown from its start: the next maneuver's road, its
    /// destinations, and lanes (or the maneuver after it when that follows closely).
    func banners(_ k: Int, steps: [PlannedStep], aheadTexts: [String]) -> [BannerInstruction] {
        guard k + 1 < steps.count else { return [] }
        let primary = content(steps[k + 1], aheadText: aheadTexts[k + 1])
        let type = steps[k + 1].decision.type
        var secondary: BannerContent?
        let destinations = Narrator.destinations(steps[k + 1].target)
        if type != .arrive && !destinations.isEmpty && !primary.usesDestinations {
            secondary = BannerContent(text: destinations, components: [BannerComponent(type: "text", text: destinations)])
        }
        var sub: BannerContent?
        if let lanes = steps[k + 1].intersections.first?.lanes, lanes.contains(where: { !$0.valid }) {
            sub = BannerContent(text: "", components: lanes.map {
                BannerComponent(type: "lane", text: "", directions: $0.indications, active: $0.valid)
            })
        } else if type != .arrive && k + 2 < steps.count && steps[k + 1].duration < VoicePlanner.chainTime {
            sub = content(steps[k + 2], aheadText: aheadTexts[k + 2]).banner
        }
        return [BannerInstruction(distanceAlongGeometry: steps[k].distance, primary: primary.banner,
                                  secondary: secondary, sub: sub)]
    }

    /// The primary line for a maneuver: exit number, road name and ref shields; the
    /// destinations when the road has no name; the instruction itself as a last resort.
    private func content(_ step: PlannedStep, aheadText: String) -> (banner: BannerContent, usesDestinations: Bool) {
        let road = step.target
        var components = [BannerComponent]()
        components.reserveCapacity(4)
        var usesDestinations = false
        if step.decision.type == .offRamp && !road.exits.isEmpty {
            components.append(BannerComponent(type: "exit", text: narrator.table.phrase("exitLabel").render(SlotValues())))
            components.append(BannerComponent(type: "exit-number", text: road.exits))
        }
        if step.decision.type == .arrive {
            components.append(BannerComponent(type: "text", text: aheadText))
        } else {
            if !road.name.isEmpty { components.append(BannerComponent(type: "text", text: road.name)) }
            // Most roads have no ref or a single one: only split when there are several.
            if road.ref.utf8.contains(UInt8(ascii: ";")) {
                for (i, ref) in road.ref.split(separator: ";").enumerated() {
                    if i > 0 || !road.name.isEmpty { components.append(BannerComponent(type: "delimiter", text: "/")) }
                    components.append(BannerComponent(type: "icon", text: String(ref.trimmed)))
                }
            } else if !road.ref.isEmpty {
                if !road.name.isEmpty { components.append(BannerComponent(type: "delimiter", text: "/")) }
                components.append(BannerComponent(type: "icon", text: String(Substring(road.ref).trimmed)))
            }
            if road.name.isEmpty && road.ref.isEmpty {
                let destinations = Narrator.destinations(road)
                usesDestinations = !destinations.isEmpty
                components.append(BannerComponent(type: "text", text: usesDestinations ? destinations : aheadText))
            }
        }
        var text = ""
        for (i, c) in components.enumerated() {
            if i > 0 { text += " " }
            text += c.text
        }
        let banner = BannerContent(text: text, type: step.decision.type, modifier: step.decision.modifier,
                                   degrees: step.degrees, components: components)
        return (banner, usesDestinations)
    }
}
