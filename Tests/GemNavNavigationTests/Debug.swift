import Testing
@testable import GemNavNavigation
@Test func debugDump() throws {
    var settings = NavigationSettings(); settings.channels = .all
    let trip = try simulateTrip(TripSimulationTests.lTurn, settings: settings)
    for l in trip.jsonLines() where !l.contains("\"progress\"") { print(l) }
    let p = trip.jsonLines().filter { $0.contains("\"progress\"") }
    print(p[0]); print(p[40]); print(p.last!)
}
