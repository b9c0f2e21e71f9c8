import Foundation
import GemNavCore
import Testing

/// The shared models every layer reads: coordinates, geodesy, polylines, avoid options.
@Suite struct CoreModelTests {
    @Test func polylineRoundTripsAtBothPrecisions() throws {
        // Google's documented example.
        let line = [Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
                    Coordinate(latitude: 43.252, longitude: -126.453)]
        #expect(Polyline.encode(line, precision: 5) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        for precision in [5, 6] {
            let decoded = try #require(Polyline.decode(Polyline.encode(line, precision: precision), precision: precision))
            #expect(zip(decoded, line).allSatisfy { Geodesy.distance($0, $1) < 0.5 })
        }
        #expect(Polyline.decode("_p~iF~ps|U_", precision: 5) == nil, "a truncated value is refused")
    }

    @Test func geodesyOnAKnownPair() {
        let casino = Coordinate(latitude: 43.7397, longitude: 7.4275)
        let east = Coordinate(latitude: 43.7397, longitude: 7.4375)
        #expect(abs(Geodesy.distance(casino, east) - 804) < 3)
        #expect(abs(Geodesy.bearing(casino, east) - 90) < 0.1)
        #expect(Geodesy.angleDifference(350, 10) == 20)
    }

    @Test(arguments: [("43.7397,7.4275", true), (" 43.7397 , 7.4275 ", true), ("91,0", false),
                      ("7.4275", false), ("casino", false)])
    func latLonStrings(text: String, valid: Bool) {
        #expect((Coordinate(latLonString: text) != nil) == valid)
    }

    @Test func avoidOptionsReadTheirListsAndSayThemselves() {
        #expect(AvoidOptions(list: "tolls, ferry") == [.tolls, .ferries])
        #expect(AvoidOptions(list: "motorway,highways") == .motorways)
        #expect(AvoidOptions(list: "") == [])
        #expect(AvoidOptions(list: "tolls,bridges") == nil)
        #expect(AvoidOptions([.tolls, .motorways, .ferries]).words == "tolls, motorways and ferries")
    }
}
