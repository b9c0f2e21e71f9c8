import Testing
@testable import GemNavTiles

/// Lines and rings cut to a rectangle, and simplification.
@Suite struct ClippingTests {
    let rect = PlaneRect(minX: 0, minY: 0, maxX: 10, maxY: 10)

    @Test func lineLeavingAndReenteringIsCutIntoParts() {
        let line = [PlanePoint(x: -5, y: 5), PlanePoint(x: 5, y: 5), PlanePoint(x: 5, y: 15), PlanePoint(x: 8, y: 15),
                    PlanePoint(x: 8, y: 5)]
        let parts = Clipping.clipLine(line, to: rect)
        #expect(parts.count == 2)
        #expect(parts[0] == [PlanePoint(x: 0, y: 5), PlanePoint(x: 5, y: 5), PlanePoint(x: 5, y: 10)])
        #expect(parts[1] == [PlanePoint(x: 8, y: 10), PlanePoint(x: 8, y: 5)])
        #expect(Clipping.clipLine([PlanePoint(x: 20, y: 20), PlanePoint(x: 30, y: 20)], to: rect).isEmpty)
    }

    @Test func ringAroundTheRectangleBecomesTheRectangle() {
        let ring = [PlanePoint(x: -10, y: -10), PlanePoint(x: 20, y: -10), PlanePoint(x: 20, y: 20), PlanePoint(x: -10, y: 20)]
        let clipped = Clipping.clipRing(ring, to: rect)
        #expect(Set(clipped) == [PlanePoint(x: 0, y: 0), PlanePoint(x: 10, y: 0), PlanePoint(x: 10, y: 10), PlanePoint(x: 0, y: 10)])
        #expect(Ring.doubleSignedArea(clipped) == 200)
    }

    @Test func ringHalfOutsideIsCutAtTheEdgeAndKeepsItsWinding() {
        // Counter-clockwise on the map (negative area, y down) before and after.
        let ring = [PlanePoint(x: 5, y: 2), PlanePoint(x: 5, y: 8), PlanePoint(x: 15, y: 8), PlanePoint(x: 15, y: 2)]
        #expect(Ring.doubleSignedArea(ring) < 0)
        let clipped = Clipping.clipRing(ring, to: rect)
        #expect(clipped.allSatisfy { $0.x <= 10 })
        #expect(Ring.doubleSignedArea(clipped) == -60)
        #expect(Clipping.clipRing(ring.map { PlanePoint(x: $0.x + 20, y: $0.y) }, to: rect).isEmpty)
    }

    @Test func simplificationKeepsCornersAndDropsNearlyStraightPoints() {
        let line = [PlanePoint(x: 0, y: 0), PlanePoint(x: 5, y: 0.2), PlanePoint(x: 10, y: 0), PlanePoint(x: 10, y: 10)]
        #expect(Simplification.simplify(line, tolerance: 1) == [line[0], line[2], line[3]])
        #expect(Simplification.simplify(line, tolerance: 0) == line)
    }

    @Test func waysJoinIntoChainsAndRings() {
        // Directed: only end-to-start joins; undirected: reversed as needed.
        let ways: [[Int64]] = [[1, 2], [2, 3], [5, 4], [3, 4]]
        #expect(WayJoiner.join(ways, directed: true).sorted { $0.count > $1.count } == [[1, 2, 3, 4], [5, 4]])
        let ring = WayJoiner.join([[1, 2, 3], [5, 4, 3], [5, 1]], directed: false)
        #expect(ring.count == 1)
        #expect(ring[0].first == ring[0].last && ring[0].count == 6)
    }
}
