import Foundation
import Testing
import GemNavGuidance

@Suite struct DisplayFormatterTests {
    @Test(arguments: [
        (0.0, "0 m"), (85.0, "85 m"), (99.4, "99 m"), (340.0, "340 m"), (344.0, "340 m"), (346.0, "350 m"),
        (999.0, "1.0 km"), (1200.0, "1.2 km"), (1249.0, "1.2 km"), (15_300.0, "15.3 km"),
    ])
    func metricDistances(metres: Double, text: String) {
        #expect(DisplayFormatter().distance(metres) == text)
    }

    @Test(arguments: [
        (25.0, "82 ft"), (100.0, "330 ft"), (300.0, "980 ft"), (402.0, "1/4 mi"), (805.0, "1/2 mi"),
        (1207.0, "3/4 mi"), (1931.0, "1.2 mi"),
    ])
    func imperialDistances(metres: Double, text: String) {
        #expect(DisplayFormatter(units: .imperial).distance(metres) == text)
    }

    @Test(arguments: [
        (0.0, "0 sec"), (45.0, "45 sec"), (60.0, "1 min"), (720.0, "12 min"), (3599.0, "1h 0m"),
        (3900.0, "1h 5m"), (7260.0, "2h 1m"),
    ])
    func durations(seconds: Double, text: String) {
        #expect(DisplayFormatter().duration(seconds) == text)
    }

    @Test func etaIsClockTimeInTheGivenZone() {
        let date = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
        #expect(DisplayFormatter().clockTime(date) == "08:00")
        #expect(DisplayFormatter().clockTime(date, timeZone: TimeZone(secondsFromGMT: 3600)!) == "09:00")
    }

    @Test func frenchUsesItsTableAndDecimalComma() {
        let fr = DisplayFormatter(language: "fr")
        #expect(fr.distance(1200) == "1,2 km")
        #expect(fr.distance(85) == "85 m")
        #expect(fr.duration(45) == "45 s")
        #expect(fr.duration(3900) == "1 h 5 min")
    }
}
