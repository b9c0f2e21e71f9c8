/// car.lua's `get_turn_lanes` (lib/guidance.lua): the `turn:lanes` a car sees in each
/// direction. Lanes a car may not use leave the description: `vehicle:lanes=yes|no|…` keeps
/// only the `yes` lanes, and bus, taxi and other public-service lanes (`lanes:psv`,
/// `lanes:bus`…) are trimmed off the edge when they carry no indication of their own.
enum TurnLanes {
    /// Forward and backward lane descriptions (empty when none), read as OSRM's
    /// `get_forward_backward_by_key`: a plain key applies to the open direction of a one-way
    /// road and to both directions of a two-way road.
    static func read(_ tags: TagReader, forwardOneway: Bool, reverseOneway: Bool) -> (forward: String, backward: String) {
        func pair(_ key: String) -> (String?, String?) {
            var forward = tags[key + ":forward"], backward = tags[key + ":backward"]
            if forward == nil || backward == nil {
                let common = tags[key]
                if forwardOneway {
                    forward = forward ?? common
                } else if reverseOneway {
                    backward = backward ?? common
                } else {
                    forward = forward ?? common
                    backward = backward ?? common
                }
            }
            return (forward, backward)
        }
        var psvForward = 0, psvBackward = 0
        // The first public-service key present counts, as in car.lua.
        var foundForward = false, foundBackward = false
        for key in ["lanes:psv", "lanes:taxi", "lanes:share_taxi", "lanes:minibus", "lanes:bus"] {
            let (f, b) = pair(key)
            if !foundForward, let f { psvForward = count(f); foundForward = true }
            if !foundBackward, let b { psvBackward = count(b); foundBackward = true }
        }
        let (lanesForward, lanesBackward) = pair("turn:lanes")
        let (vehicleForward, vehicleBackward) = pair("vehicle:lanes")
        // Backward lanes are described in their own direction, so the sides swap.
        return (process(lanesForward, vehicleForward, left: psvBackward, right: psvForward) ?? "",
                process(lanesBackward, vehicleBackward, left: psvForward, right: psvBackward) ?? "")
    }

    /// A whole positive lane count, else none (car.lua's `to_number_uint`).
    private static func count(_ text: String) -> Int {
        guard let n = Double(text), n > 0, n.rounded(.down) == n, n < 1000 else { return 0 }
        return Int(n)
    }

    private static func process(_ lanes: String?, _ vehicle: String?, left: Int, right: Int) -> String? {
        guard let lanes else { return nil }
        if let vehicle { return applyAccess(lanes, vehicle) }
        if left > 0 || right > 0 { return trim(lanes, left: left, right: right) }
        return lanes
    }

    /// OSRM's `applyAccessTokens`: only the lanes marked `yes`; left alone when the two lists
    /// count different lanes.
    static func applyAccess(_ lanes: String, _ access: String) -> String {
        let tokens = lanes.split(separator: "|", omittingEmptySubsequences: false)
        let allowed = access.split(separator: "|", omittingEmptySubsequences: false)
        guard tokens.count == allowed.count else { return lanes }
        return zip(tokens, allowed).filter { $0.1 == "yes" }.map { String($0.0) }.joined(separator: "|")
    }

    /// OSRM's `trimLaneString`: drops `left` lanes from the left and `right` from the right,
    /// but only lanes without indications (the string starts or ends with that many `|`).
    static func trim(_ lanes: String, left: Int, right: Int) -> String {
        var s = Substring(lanes)
        if left > 0, left < s.count, s.prefix(left).allSatisfy({ $0 == "|" }) { s = s.dropFirst(left) }
        if right > 0, right < s.count, s.suffix(right).allSatisfy({ $0 == "|" }) { s = s.dropLast(right) }
        return String(s)
    }
}
