import GemNavCore

extension RouteExport {
    /// A plain-text table of a route's steps for terminals: number, instruction, distance
    /// and time of the step, then totals. Instructions longer than `width` are shortened.
    public static func textTable(_ route: Route, units: DistanceUnits = .metric, language: String = "en",
                                 width: Int = 60) -> String
    {
        let table = InstructionTable.forLanguage(language)
        let format = DisplayFormatter(language: language, units: units)
        var rows = [(String, String, String, String)]()
        var n = 0
        for leg in route.legs {
            for step in leg.steps {
                n += 1
                rows.append((String(n), shorten(step.maneuver.instruction, width),
                             format.distance(step.distance), clock(step.duration)))
            }
        }
        let total = ("", table.phrase("total").render(SlotValues()), format.distance(route.distance), clock(route.duration))
        let all = rows + [total]
        let w0 = all.map(\.0.count).max() ?? 1
        let w1 = all.map(\.1.count).max() ?? 5
        let w2 = all.map(\.2.count).max() ?? 1
        let w3 = all.map(\.3.count).max() ?? 1
        func line(_ r: (String, String, String, String)) -> String {
            pad(r.0, w0, right: true) + "  " + pad(r.1, w1, right: false) + "  " + pad(r.2, w2, right: true) + "  "
                + pad(r.3, w3, right: true)
        }
        var out = rows.map(line)
        out.append(String(repeating: "-", count: w0 + w1 + w2 + w3 + 6))
        out.append(line(total))
        return out.joined(separator: "\n") + "\n"
    }

    /// "0:42", "12:05", "1:02:33".
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let h = s / 3600, m = (s % 3600) / 60, sec = s % 60
        let ss = sec < 10 ? "0\(sec)" : "\(sec)"
        if h > 0 { return "\(h):\(m < 10 ? "0" : "")\(m):\(ss)" }
        return "\(m):\(ss)"
    }

    private static func shorten(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(Swift.max(1, width - 1))) + "…"
    }

    private static func pad(_ text: String, _ width: Int, right: Bool) -> String {
        let fill = String(repeating: " ", count: Swift.max(0, width - text.count))
        return right ? fill + text : text + fill
    }
}
