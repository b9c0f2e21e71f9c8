import Foundation
import GemNavGuidance
import Testing

/// Times of day as each locale writes them, in the user's zone.
@Suite struct TimeOfDayFormatTests {
    /// 2027-01-15 08:00 UTC; 14:05 is 6 h 5 min later.
    static let morning = Date(timeIntervalSince1970: 1_800_000_000)
    static let afternoon = morning.addingTimeInterval(6 * 3600 + 300)

    /// ICU may put a narrow no-break space before "PM": compare with plain spaces.
    func plain(_ s: String) -> String { s.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ") }

    @Test(arguments: [
        ("en_US", "8:00 AM", "2:05 PM"), ("en_GB", "08:00", "14:05"), ("fr_FR", "08:00", "14:05"),
        ("de_DE", "08:00", "14:05"), ("en_AU", "8:00 am", "2:05 pm"),
    ])
    func eachLocaleWritesItsOwnWay(locale: String, morning: String, afternoon: String) {
        let format = TimeOfDayFormat(timeZone: .gmt, locale: Locale(identifier: locale))
        #expect(plain(format.time(Self.morning)).lowercased() == morning.lowercased())
        #expect(plain(format.time(Self.afternoon)).lowercased() == afternoon.lowercased())
    }

    @Test func withoutALocaleItIsTwentyFourHourInTheZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(TimeOfDayFormat().time(Self.morning) == "08:00")
        #expect(TimeOfDayFormat(timeZone: paris).time(Self.morning) == "09:00")
        // Summer time: 2027-07-15 08:00 UTC is 10:00 in Paris.
        #expect(TimeOfDayFormat(timeZone: paris).time(Self.morning.addingTimeInterval(181 * 86400)) == "10:00")
        #expect(TimeOfDayFormat(timeZone: .gmt).time(Date(timeIntervalSince1970: -60)) == "23:59", "before 1970 too")
        #expect(TimeOfDayFormat(timeZone: paris).dayAndTime(Self.morning) == "01-15 09:00")
    }

    @Test func listsOfPastTripsCarryTheDay() {
        let us = TimeOfDayFormat(timeZone: .gmt, locale: Locale(identifier: "en_US"))
        let text = plain(us.dayAndTime(Self.afternoon))
        #expect(text.hasPrefix("Jan 15") && text.hasSuffix("2:05 PM"), "\(text)")
        let fr = TimeOfDayFormat(timeZone: .gmt, locale: Locale(identifier: "fr_FR"))
        let french = plain(fr.dayAndTime(Self.afternoon))
        #expect(french.hasPrefix("15 janv") && french.hasSuffix("14:05"), "\(french)")
    }
}
