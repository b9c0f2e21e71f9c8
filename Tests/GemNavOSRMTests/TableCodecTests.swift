import Foundation
import GemNavCore
import GemNavOSRM
import Testing

/// OSRM's `table` response as written by `OSRMCodec.encodeTable`.
@Suite struct TableCodecTests {
    static let casino = Waypoint(input: Coordinate(latitude: 43.7392, longitude: 7.4277),
                                 location: Coordinate(latitude: 43.739173, longitude: 7.427724),
                                 name: "Place du Casino", distance: 3.5)

    @Test func writesRoundedCellsNullsAndWaypoints() throws {
        let bytes = OSRMCodec.encodeTable(durations: [[0, 215.04], [nil, 0]], distances: [[0, 2498.26], [nil, 0]],
                                          sources: [Self.casino, Self.casino], destinations: [Self.casino, Self.casino])
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(
            #"{"code":"Ok","durations":[[0,215],[null,0]],"distances":[[0,2498.3],[null,0]],"sources":[{"distance":3.5,"name":"Place du Casino","location":[7.427724,43.739173]}"#))
        let body = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect((body["destinations"] as? [Any])?.count == 2)
        #expect(body["fallback_speed_cells"] == nil)
    }

    @Test func leavesOutWhatWasNotAskedFor() throws {
        let bytes = OSRMCodec.encodeTable(durations: nil, distances: [[12.345]], sources: nil, destinations: nil,
                                          estimatedCells: [[0, 0]])
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"code":"Ok","distances":[[12.3]],"fallback_speed_cells":[[0,0]]}"#)
    }
}
