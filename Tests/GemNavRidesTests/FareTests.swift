import Foundation
import GemNavCore
import GemNavRides
import GemNavTestSupport
import Testing

/// The fare rule and the choice of tariff by the map's region.
@Suite struct FareTests {
    let tariff = Tariff(currency: "EUR", base: 4, perKilometre: 2.4, perMinute: 0.5, minimum: 10,
                        classMultipliers: ["standard": 1, "xl": 1.6])

    @Test func theFareIsBasePlusDistancePlusTimeTimesTheClass() {
        // 4 + 2.4 × 3.2 + 0.5 × 9 = 16.18
        let standard = tariff.fare(distance: 3200, duration: 540, rideClass: .standard, kind: .estimate)
        #expect(standard.amount == 16.18 && standard.currency == "EUR" && standard.kind == .estimate)
        // × 1.6 = 25.888 → 25.89
        #expect(tariff.fare(distance: 3200, duration: 540, rideClass: .xl, kind: .final).amount == 25.89)
    }

    @Test func aShortRidePaysTheMinimumScaledByClass() {
        #expect(tariff.fare(distance: 300, duration: 60, rideClass: .standard, kind: .final).amount == 10)
        #expect(tariff.fare(distance: 300, duration: 60, rideClass: .xl, kind: .final).amount == 16)
    }

    func box(_ lat: Double, _ lon: Double, half: Double = 0.05) -> BoundingBox {
        BoundingBox(min: Coordinate(latitude: lat - half, longitude: lon - half),
                    max: Coordinate(latitude: lat + half, longitude: lon + half))
    }

    @Test func theMapsCountryPicksTheTariffFromTheDataFile() throws {
        let book = try TariffBook.bundled()
        // Monaco lies inside France's box: the smaller region wins.
        #expect(book.region(forMap: box(43.738, 7.424, half: 0.01))?.id == "MC")
        #expect(book.region(forMap: box(43.70, 7.27))?.id == "FR")  // Nice
        #expect(book.region(forMap: box(41.15, -8.61))?.id == "PT")  // Porto
        #expect(book.region(forMap: box(42.51, 1.52))?.id == "AD")
        #expect(book.region(forMap: box(48.21, 16.37))?.id == "AT")  // Vienna
        #expect(book.region(forMap: box(0, 0)) == nil)
        #expect(book.tariff(forMap: box(0, 0)) == book.fallback)
        #expect(book.regions.allSatisfy { $0.tariff.currency == "EUR" })
    }

    @Test func theEmbeddedMonacoMapIsPricedAsMonaco() throws {
        let engine = try RideFixtures.engine.get()
        let book = try TariffBook.bundled()
        #expect(book.region(forMap: engine.graph.boundingBox)?.name == "Monaco")
        let planner = RidePlanner(engine: engine, book: book)
        let plan = try planner.plan(pickup: RideFixtures.casino, destination: RideFixtures.stade, rideClass: .xl)
        let monaco = try #require(book.region(forMap: engine.graph.boundingBox)).tariff
        #expect(plan.estimate == monaco.fare(distance: plan.route.distance, duration: plan.route.duration,
                                             rideClass: .xl, kind: .estimate))
        #expect(plan.route.distance > 1000 && plan.route.duration > 60)
    }

    @Test func aDamagedTariffFileIsRefusedWithItsReason() throws {
        let bad = try TestData.write(Data(#"{"fallback": {"currency": "euro", "base": 1, "perKilometre": 1, "perMinute": 1, "minimum": 1, "classMultipliers": {}}, "regions": []}"#.utf8), name: "tariffs.json")
        do {
            _ = try TariffBook(contentsOf: bad)
            Issue.record("a currency that is not ISO 4217 was accepted")
        } catch {
            #expect(error.description.contains("ISO 4217"))
        }
        let notJSON = try TestData.write(Data("nope".utf8), name: "tariffs.json")
        #expect(throws: RideError.self) { try TariffBook(contentsOf: notJSON) }
    }
}
