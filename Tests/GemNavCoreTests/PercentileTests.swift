import GemNavCore
import Testing

@Suite struct PercentileTests {
    @Test func nearestRank() {
        let samples = Array(1...100)
        #expect(nearestRankPercentile(sorted: samples, 50) == 50)
        #expect(nearestRankPercentile(sorted: samples, 99) == 99)
        #expect(nearestRankPercentile(sorted: samples, 100) == 100)
        #expect(nearestRankPercentile(sorted: samples, 0) == 1)
        #expect(nearestRankPercentile(sorted: [7], 99) == 7)
        #expect(nearestRankPercentile(sorted: [Int](), 50) == nil)
    }
}
