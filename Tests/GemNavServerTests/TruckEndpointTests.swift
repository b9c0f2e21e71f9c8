import Foundation
import GemNavRouting
import GemNavServer
import GemNavServices
import Testing

/// `/route/v1/truck` with GemNav's vehicle parameters, on the test town imported for trucks
/// with a 3.5 m height limit on the bridge that is the only way to Rue Lointaine.
@Suite struct TruckEndpointTests {
    static let truckTown = Result {
        let xml = TestMaps.townXML.replacingOccurrences(of: #"<tag k="toll" v="yes"/>"#, with: #"<tag k="maxheight" v="3.5"/>"#)
        let url = TestMaps.scratch.appendingPathComponent("truck-town.osm")
        try Data(xml.utf8).write(to: url)
        let map = MapData(directory: TestMaps.scratch.appendingPathComponent("truck-town"))
        _ = try GraphImporter(profile: .truck).importGraph(from: url, to: map.graphDirectory)
        return ServerData(engine: try map.loadEngine(), search: nil)
    }

    static let across = "/route/v1/truck/2.3502,48.8500;2.3640,48.8550"

    @Test(arguments: [Mode.router])
    func vehicleDimensionsDecideAndABlockedTripNamesItsLimit(mode: Mode) async throws {
        let data = try Self.truckTown.get()
        try await withServer(mode, data) { client in
            let blocked = try await client.json(Self.across)
            #expect(blocked.status == .badRequest)
            #expect(blocked.code == "NoRoute")
            #expect((blocked.body["message"] as? String)?.contains("blocked by maxheight 3.5 m on Pont à Péage") == true,
                    "\(blocked.body)")
            #expect(try await client.json(Self.across + "?height=3.2&weight=26&width=2.5&length=12").code == "Ok")
            let bad = try await client.json(Self.across + "?height=tall")
            #expect(bad.status == .badRequest)
            #expect(bad.code == "InvalidValue")
            #expect(try await client.json("/route/v1/hgv/2.3502,48.8500;2.3545,48.8530").code == "Ok")
        }
    }

    /// `/table/v1/truck` takes the same parameters: the default truck cannot cross the low
    /// bridge (a null cell, or the fallback estimate), a 3.2 m one can.
    @Test(arguments: [Mode.router])
    func truckTablesHonourTheVehicle(mode: Mode) async throws {
        let data = try Self.truckTown.get()
        try await withServer(mode, data) { client in
            let table = "/table/v1/truck/2.3502,48.8500;2.3640,48.8550?sources=0&destinations=1"
            let blocked = try await client.json(table)
            #expect(blocked.code == "Ok")
            let cells = try #require(blocked.body["durations"] as? [[Any]])
            #expect(cells[0][0] is NSNull, "\(blocked.body)")
            let low = try await client.json(table + "&height=3.2")
            #expect(((low.body["durations"] as? [[Any]])?[0][0] as? Double ?? 0) > 0, "\(low.body)")
            let bad = try await client.json(table + "&weight=heavy")
            #expect(bad.status == .badRequest)
            #expect(bad.code == "InvalidValue")
        }
    }

    @Test(arguments: [Mode.router])
    func dimensionsOnACarGraphAreRefused(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let reply = try await client.json("/route/v1/driving/" + RouteEndpointTests.townTrip + "?height=4")
            #expect(reply.status == .badRequest)
            #expect(reply.code == "InvalidValue")
            let table = try await client.json("/table/v1/driving/" + RouteEndpointTests.townTrip + "?height=4")
            #expect(table.status == .badRequest)
            #expect(table.code == "InvalidValue")
        }
    }
}
