import GemNavCore

/// Chooses when and what to speak before each maneuver.
///
/// Prompts are placed by lead *time* at the speed driven on the approach, so a motorway
/// exit is announced kilometres ahead and a city turn a few hundred metres ahead:
/// an early prompt about 60–90 s before, a prepare prompt about 18 s before and a final one
/// about 4.5 s before, each only where the step leaves room for it.
struct VoicePlanner {
    let narrator: Narrator
    let units: DistanceUnits

    /// A maneuver following the previous one within this many seconds is chained to it.
    static let chainTime = 12.0
    /// Seconds kept between prompts so one is finished before the next starts.
    static let gapTime = 6.0

    /// The prompts spoken along step `k` for the maneuver that ends it.
    func prompts(_ k: Int, steps: [PlannedStep], texts: [String], aheadTexts: [String]) -> [VoiceInstruction] {
        guard k + 1 < steps.count else { return [] }
        let step = steps[k], next = steps[k + 1]
        let length = step.distance
        let speed = Swift.max(step.endSpeed, 1)
        var chained = aheadTexts[k + 1]
        var nowText = texts[k + 1]
        if next.decision.type != .arrive && k + 2 < steps.count && next.duration < Self.chainTime {
            chained = narrator.chain(chained, aheadTexts[k + 2])
            nowText = narrator.chain(nowText, aheadTexts[k + 2])
        }
        var out = [VoiceInstruction]()
        var room = length
        if k == 0 {
            let depart = length / speed < Self.chainTime ? narrator.chain(texts[0], aheadTexts[1]) : texts[0]
            out.append(make(length, depart))
            if length / speed < Self.chainTime { return out }
            room = length - speed * Self.gapTime
        }
        let earlyLead = speed >= 25 ? 90.0 : 60.0
        let early = DistanceFormatter.spoken(earlyLead * speed, units: units, table: narrator.table)
        if early.meters < room {
            out.append(make(early.meters, narrator.inDistance(early.text, aheadTexts[k + 1])))
            room = early.meters - speed * Self.gapTime
        }
        let prepare = DistanceFormatter.spoken(18 * speed, units: units, table: narrator.table)
        if prepare.meters < room {
            out.append(make(prepare.meters, narrator.inDistance(prepare.text, chained)))
            room = prepare.meters - speed * Self.gapTime
        }
        let final = Swift.max(4.5 * speed, 10)
        if final < room {
            out.append(make((final * 10).rounded() / 10, nowText))
        } else if out.isEmpty && length > 0 {
            // Too short for any timed prompt: say it as the step begins.
            out.append(make(length, nowText))
        }
        return out
    }

    private func make(_ distance: Double, _ text: String) -> VoiceInstruction {
        VoiceInstruction(distanceAlongGeometry: distance, announcement: text, ssmlAnnouncement: Self.ssml(text))
    }

    /// Mapbox's SSML wrapper (dynamic range compression, slightly faster speech), with the
    /// text XML-escaped. Works on UTF-8 bytes: it runs for every prompt of every query.
    static func ssml(_ text: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 96)
        out.append(contentsOf: "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">".utf8)
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&apos;".utf8)
            default: out.append(b)
            }
        }
        out.append(contentsOf: "</prosody></amazon:effect></speak>".utf8)
        return String(decoding: out, as: UTF8.self)
    }
}
