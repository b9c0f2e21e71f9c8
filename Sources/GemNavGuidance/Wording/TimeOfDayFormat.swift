import Foundation

/// Times of day as the user's locale writes them ("2:05 PM" in the US, "14:05" in France and
/// the UK) in the user's time zone: arrival times on the route card and the navigation screen,
/// rides and trips in the history. The locale's pattern is read once, so formatting an arrival
/// time on every GPS fix needs no `DateFormatter`.
public struct TimeOfDayFormat: Sendable, Hashable {
    /// The zone times are shown in.
    public var timeZone: TimeZone
    private let pieces: [Piece]
    private let datedPieces: [Piece]
    private let am: String
    private let pm: String
    private let months: [String]

    private enum Piece: Sendable, Hashable {
        case hour12(padded: Bool)
        case hour24(padded: Bool)
        case minute
        case dayPeriod
        case day(padded: Bool)
        case month(name: Bool, padded: Bool)
        case text(String)
    }

    /// The format of `locale` in `timeZone`. Without a locale it is the 24-hour "HH:mm" that
    /// logs and event streams use, so they read the same everywhere.
    public init(timeZone: TimeZone = .gmt, locale: Locale? = nil) {
        self.timeZone = timeZone
        guard let locale, let time = DateFormatter.dateFormat(fromTemplate: "jmm", options: 0, locale: locale),
              let dated = DateFormatter.dateFormat(fromTemplate: "MMMdjmm", options: 0, locale: locale)
        else {
            pieces = [.hour24(padded: true), .text(":"), .minute]
            datedPieces = [.month(name: false, padded: true), .text("-"), .day(padded: true), .text(" ")] + pieces
            (am, pm, months) = ("AM", "PM", [])
            return
        }
        pieces = Self.pieces(of: time)
        datedPieces = Self.pieces(of: dated)
        let symbols = DateFormatter()
        symbols.locale = locale
        (am, pm, months) = (symbols.amSymbol, symbols.pmSymbol, symbols.shortMonthSymbols)
    }

    /// `date` as a time of day ("14:05", "2:05 PM").
    public func time(_ date: Date) -> String {
        write(date, pieces)
    }

    /// `date` with its day, for lists of past trips and rides ("Nov 27, 2:05 PM", "27 nov., 14:05";
    /// "11-27 14:05" without a locale).
    public func dayAndTime(_ date: Date) -> String {
        write(date, datedPieces)
    }

    private func write(_ date: Date, _ pieces: [Piece]) -> String {
        let local = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        let minuteOfDay = ((local / 60) % 1440 + 1440) % 1440
        let (hour, minute) = (minuteOfDay / 60, minuteOfDay % 60)
        func number(_ n: Int, _ padded: Bool) -> String { padded && n < 10 ? "0\(n)" : "\(n)" }
        // The calendar is asked only for patterns with a day (lists of past trips), once.
        let calendar = pieces.contains { if case .day = $0 { true } else { false } } ? dayAndMonth(date) : (day: 1, month: 1)
        var out = ""
        for piece in pieces {
            switch piece {
            case .hour24(let padded): out += number(hour, padded)
            case .hour12(let padded): out += number(hour % 12 == 0 ? 12 : hour % 12, padded)
            case .minute: out += number(minute, true)
            case .dayPeriod: out += hour < 12 ? am : pm
            case .day(let padded): out += number(calendar.day, padded)
            case .month(let name, let padded):
                let month = calendar.month
                out += name && months.indices.contains(month - 1) ? months[month - 1] : number(month, padded)
            case .text(let text): out += text
            }
        }
        return out
    }

    private func dayAndMonth(_ date: Date) -> (day: Int, month: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.day, .month], from: date)
        return (parts.day ?? 1, parts.month ?? 1)
    }

    /// Splits an ICU pattern ("h:mm a", "HH 'h' mm") into the pieces `time` fills in.
    private static func pieces(of pattern: String) -> [Piece] {
        var pieces: [Piece] = []
        var chars = Array(pattern)[...]
        func literal(_ s: String) {
            if case .text(let previous)? = pieces.last { pieces[pieces.count - 1] = .text(previous + s) } else { pieces.append(.text(s)) }
        }
        while let c = chars.first {
            let run = chars.prefix { $0 == c }.count
            chars = chars.dropFirst(run)
            switch c {
            case "h", "K": pieces.append(.hour12(padded: run > 1))
            case "H", "k": pieces.append(.hour24(padded: run > 1))
            case "m": pieces.append(.minute)
            case "d": pieces.append(.day(padded: run > 1))
            case "M", "L": pieces.append(.month(name: run > 2, padded: run == 2))
            case "a", "b", "B": pieces.append(.dayPeriod)
            case "'":
                // '' is a quote; 'text' is literal text.
                if run % 2 == 0 { literal(String(repeating: "'", count: run / 2)); continue }
                let text = chars.prefix { $0 != "'" }
                literal(String(text))
                chars = chars.dropFirst(text.count + 1)
            default: literal(String(repeating: c, count: run))
            }
        }
        return pieces
    }
}
