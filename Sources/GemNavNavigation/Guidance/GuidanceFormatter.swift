import Foundation

/// Text for distances, durations and arrival times, as banners and route info show them.
public enum GuidanceFormatter {
    private static let metresPerFoot = 0.3048
    private static let metresPerMile = 1609.344

    /// A distance for display.
    ///
    /// Metric: under 100 m exact ("85 m"), under 1 km rounded to 10 m ("340 m"), then km with
    /// one decimal ("1.2 km"). Imperial: under 100 ft exact, under 1000 ft rounded to 10 ft,
    /// under a mile in quarters ("1/4 mi", "3/4 mi"), then miles with one decimal ("1.2 mi").
    public static func distance(_ metres: Double, units: DistanceUnits = .metric) -> String {
        let m = max(0, metres.isFinite ? metres : 0)
        switch units {
        case .metric:
            let exact = Int(m.rounded())
            if exact < 100 { return "\(exact) m" }
            let tens = Int((m / 10).rounded()) * 10
            if tens < 1000 { return "\(tens) m" }
            return String(format: "%.1f km", m / 1000)
        case .imperial:
            let feet = m / metresPerFoot
            let exact = Int(feet.rounded())
            if exact < 100 { return "\(exact) ft" }
            let tens = Int((feet / 10).rounded()) * 10
            if tens < 1000 { return "\(tens) ft" }
            let miles = m / metresPerMile
            let quarters = max(1, Int((miles * 4).rounded()))
            switch quarters {
            case 1: return "1/4 mi"
            case 2: return "1/2 mi"
            case 3: return "3/4 mi"
            default: return String(format: "%.1f mi", miles)
            }
        }
    }

    /// A duration for display: "45 sec", "12 min", "1h 5m".
    public static func duration(_ seconds: Double) -> String {
        let s = max(0, seconds.isFinite ? seconds : 0)
        if s < 59.5 { return "\(Int(s.rounded())) sec" }
        let minutes = Int((s / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60)h \(minutes % 60)m"
    }

    /// An arrival time as "HH:mm" in `timeZone` (24-hour, locale independent).
    public static func eta(_ date: Date, timeZone: TimeZone = .gmt) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
