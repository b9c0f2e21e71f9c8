import Testing
import GemNavTiles

/// The in-memory cache of cut tiles.
@Suite struct TileCacheTests {
    @Test func keepsRecentTilesWithinItsBudgetAndDropsTheLeastRecentlyUsed() {
        // Each 100-byte tile costs 164 bytes: three fit in 500, not four.
        let cache = TileCache(capacityBytes: 500)
        var cuts = 0
        func get(_ x: Int) -> [UInt8] {
            cache.tile(TileID(z: 14, x: x, y: 0)) {
                cuts += 1
                return [UInt8](repeating: UInt8(x), count: 100)
            }
        }
        for x in 1...3 { _ = get(x) }
        #expect(cuts == 3 && cache.count == 3)
        #expect(get(1) == [UInt8](repeating: 1, count: 100))
        #expect(cuts == 3)
        _ = get(4)  // evicts 2, the least recently used
        #expect(cache.count == 3)
        _ = get(1)
        _ = get(3)
        #expect(cuts == 4)
        _ = get(2)
        #expect(cuts == 5)
        let off = TileCache(capacityBytes: 0)
        _ = off.tile(TileID(z: 0, x: 0, y: 0)) { [1] }
        #expect(off.count == 0)
    }
}
