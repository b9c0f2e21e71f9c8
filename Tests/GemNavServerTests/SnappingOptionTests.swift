import Foundation
import GemNavServices
import Testing

/// OSRM's `snapping` option: by default a waypoint never lands on a road no trip starts on
/// (here a private service road); `snapping=any` lets it.
@Suite struct SnappingOptionTests {
    /// A private drive (ab) onto a primary road (bc).
    static let drive = Result {
        try TestMaps.graph("private-drive", xml: """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="hand">
              <node id="1" lat="48.8500" lon="2.3500"/>
              <node id="2" lat="48.8500" lon="2.3530"/>
              <node id="3" lat="48.8500" lon="2.3560"/>
              <way id="1"><nd ref="1"/><nd ref="2"/>
                <tag k="highway" v="service"/><tag k="access" v="private"/><tag k="name" v="Allée Privée"/></way>
              <way id="2"><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/><tag k="name" v="Route Principale"/></way>
            </osm>
            """)
    }

    /// From the middle of the drive to the end of the primary road.
    static let trip = "2.3515,48.8500;2.3560,48.8500"

    @Test(arguments: Mode.allCases)
    func aWaypointLandsOnThePrivateDriveOnlyWhenAsked(mode: Mode) async throws {
        try await withServer(mode, try Self.drive.get()) { client in
            let usual = try await client.json("/route/v1/driving/\(Self.trip)?steps=true")
            let any = try await client.json("/route/v1/driving/\(Self.trip)?steps=true&snapping=any")
            #expect(Self.names(usual) == ["Route Principale", "Route Principale"])
            #expect(Self.names(any) == ["Allée Privée", "Route Principale", "Route Principale"])
            #expect(Self.firstWaypointLongitude(usual) == 2.353)
            #expect(Self.firstWaypointLongitude(any) == 2.3515)

            let table = try await client.json("/table/v1/driving/\(Self.trip)?snapping=any&sources=0&destinations=1")
            let usualTable = try await client.json("/table/v1/driving/\(Self.trip)?sources=0&destinations=1")
            let slower = try #require(((table.body["durations"] as? [[Double]])?.first?.first))
            let direct = try #require(((usualTable.body["durations"] as? [[Double]])?.first?.first))
            #expect(slower > direct)
        }
    }

    private static func names(_ reply: JSONReply) -> [String] {
        let legs = ((reply.body["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]]) ?? []
        return legs.flatMap { ($0["steps"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
    }

    private static func firstWaypointLongitude(_ reply: JSONReply) -> Double? {
        ((reply.body["waypoints"] as? [[String: Any]])?.first?["location"] as? [Double])?.first
    }
}
