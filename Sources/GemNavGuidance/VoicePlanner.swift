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
        // Index rather than bind steps: binding copies a large struct on every prompt.
        let length = steps[k].distance
        let speed = Swift.max(steps[k].endSpeed, 1)
        var chained = aheadTexts[k + 1]
        var nowText = texts[k + 1]
        if steps[k + 1].decision.type != .arrive && k + 2 < steps.count && steps[k + 1].duration < Self.chainTime {
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
        let table = narrator.table
        let early = DistanceFormatter.round(earlyLead * speed, units: units)
        if early.meters < room {
            out.append(make(early.meters, narrator.inDistance(early.text(table), aheadTexts[k + 1])))
            room = early.meters - speed * Self.gapTime
        }
        let prepare = DistanceFormatter.round(18 * speed, units: units)
        if prepare.meters < room {
            out.append(make(prepare.meters, narrator.inDistance(prepare.text(table), chained)))
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
    /// text XML-escaped. Most prompts need no escaping, so that case is a plain append.
    static func ssml(_ text: String) -> String {
        let open = "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">"
        let close = "</prosody></amazon:effect></speak>"
        var out = ""
        out.reserveCapacity(text.utf8.count + 96)
        out += open
        var needsEscaping = false
        for b in text.utf8 where b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 {  // & < > " '
            needsEscaping = true
            break
        }
        if !needsEscaping {
            out += text
        } else {
            for c in text.unicodeScalars {
                switch c {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&apos;"
                default: out.unicodeScalars.append(c)
                }
            }
        }
        out += close
        return out
    }
}
