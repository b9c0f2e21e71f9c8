import GemNavCore

extension OSRMCodec {
    /// An OSRM v5 `table` response: `durations` (s) and `distances` (m) rounded to 0.1 with
    /// `null` for no route, each left out when nil, like the `sources` and `destinations`
    /// waypoints; `fallback_speed_cells` lists the `[row, column]` entries that are
    /// crow-fly estimates, and is written only when there are any.
    public static func encodeTable(durations: [[Double?]]?, distances: [[Double?]]?, sources: [Waypoint]?,
                                   destinations: [Waypoint]?, estimatedCells: [[Int]] = []) -> [UInt8]
    {
        let cells = (durations ?? distances ?? []).reduce(0) { $0 + $1.count }
        var w = JSONWriter(capacity: 256 + 10 * cells * (durations != nil && distances != nil ? 2 : 1)
            + 96 * ((sources?.count ?? 0) + (destinations?.count ?? 0)))
        w.beginObject()
        w.key("code")
        w.string("Ok")
        if let durations {
            w.key("durations")
            writeMatrix(durations, into: &w)
        }
        if let distances {
            w.key("distances")
            writeMatrix(distances, into: &w)
        }
        if let sources {
            w.key("sources")
            w.beginArray()
            for wp in sources { writeWaypoint(wp, into: &w) }
            w.endArray()
        }
        if let destinations {
            w.key("destinations")
            w.beginArray()
            for wp in destinations { writeWaypoint(wp, into: &w) }
            w.endArray()
        }
        if !estimatedCells.isEmpty {
            w.key("fallback_speed_cells")
            w.beginArray()
            for cell in estimatedCells {
                w.beginArray()
                for index in cell { w.int(index) }
                w.endArray()
            }
            w.endArray()
        }
        w.endObject()
        return w.bytes
    }

    private static func writeMatrix(_ rows: [[Double?]], into w: inout JSONWriter) {
        w.beginArray()
        for row in rows {
            w.beginArray()
            for cell in row {
                if let cell { w.number(cell, decimals: 1) } else { w.null() }
            }
            w.endArray()
        }
        w.endArray()
    }
}
