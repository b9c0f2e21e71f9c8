import Foundation
import Testing
import GemNavCore
@testable import GemNavSearch

@Suite struct MonacoSearchTests {
    let index: SearchIndex
    init() throws { index = try Fixtures.monaco.get() }

    func titles(_ q: String, near: Coordinate? = nil, limit: Int = 5) throws -> [String] {
        try index.search(q, near: near, limit: limit).map(\.title)
    }

    @Test func landmarksFromAFewLetters() throws {
        #expect(try titles("casino de m").first == "Casino de Monte Carlo")
        #expect(try titles("av princesse g").first == "Avenue Princesse Grace")
        #expect(try titles("larvot").contains("Boulevard du Larvotto"))
        #expect(try titles("grimaldi for").first == "Grimaldi Forum")
    }

    @Test func landmarksWithATypo() throws {
        #expect(try titles("casinp de monte carlo").first == "Casino de Monte Carlo")
        #expect(try titles("avenue princese grace").first == "Avenue Princesse Grace")
        #expect(try titles("boulevrd du larvoto").first == "Boulevard du Larvotto")
    }

    @Test func accentAndCaseInsensitive() throws {
        #expect(try titles("CAFÉ DE PARIS") == titles("cafe de paris"))
        #expect(try titles("musee oceanographique").first == "Musée Océanographique")
        #expect(try titles("EZE").first == "Èze")
    }

    @Test func spellingsWithAndWithoutApostrophesAndSpaces() throws {
        #expect(try titles("mcdonalds").first == "McDonald's")
        #expect(try titles("mc donald").first == "McDonald's")
        #expect(try titles("montecarlo").first == "Monte-Carlo")
        #expect(try titles("cap dail").contains("Cap-d'Ail"))
    }

    @Test func wordOrderDoesNotMatter() throws {
        #expect(try titles("grace princesse avenue").first == "Avenue Princesse Grace")
        let a = try #require(try index.geocode("25 avenue albert ii"))
        let b = try #require(try index.geocode("avenue albert ii 25"))
        #expect(a.coordinate == b.coordinate)
    }

    @Test func addressesResolveToTheirBuilding() throws {
        let gabian = try #require(try index.geocode("7 rue du gabian"))
        #expect(gabian.kind == .house)
        #expect(gabian.housenumber == "7")
        #expect(gabian.street == "Rue du Gabian")
        #expect(gabian.osmType == "node" && gabian.osmId == 1_661_205_494)
        #expect(Geodesy.distance(gabian.coordinate, Coordinate(latitude: 43.7294975, longitude: 7.4148842)) < 1)
        let quai = try #require(try index.geocode("6 quai antoine 1er"))
        #expect(Geodesy.distance(quai.coordinate, Coordinate(latitude: 43.7329221, longitude: 7.4257905)) < 1)
    }

    @Test func moreImportantKindsFirst() throws {
        let monaco = try index.search("monaco", limit: 3)
        #expect(monaco.first?.kind == .city)
        let larvotto = try index.search("larvotto", limit: 3)
        #expect(larvotto.first?.kind == .suburb)
        #expect(larvotto.contains { $0.kind == .stop })
    }

    @Test func categorySearchSortedByDistance() throws {
        let here = Coordinate(latitude: 43.7396, longitude: 7.4270)
        for query in ["pharmacy", "pharmacie", "chemist near me"] {
            let hits = try index.search(query, near: here, limit: 5)
            #expect(hits.count == 5)
            #expect(hits.allSatisfy { $0.category == .pharmacy && $0.osmValue == "pharmacy" })
            let distances = hits.compactMap(\.distance)
            #expect(distances == distances.sorted())
        }
        let coffee = try index.search("coffee", near: here, limit: 3)
        #expect(coffee.allSatisfy { $0.category == .cafe })
        #expect(try index.search("fuel", near: here, limit: 3).allSatisfy { $0.category == .fuel })
        #expect(try index.search("parking", near: here, limit: 3).allSatisfy { $0.category == .parking })
    }

    @Test func nearerFirstWithABiasPoint() throws {
        let fontvieille = Coordinate(latitude: 43.7280, longitude: 7.4160)
        let larvotto = Coordinate(latitude: 43.7480, longitude: 7.4360)
        let a = try #require(try index.search("parking", near: fontvieille, limit: 1).first)
        let b = try #require(try index.search("parking", near: larvotto, limit: 1).first)
        #expect(Geodesy.distance(a.coordinate, fontvieille) < Geodesy.distance(a.coordinate, larvotto))
        #expect(Geodesy.distance(b.coordinate, larvotto) < Geodesy.distance(b.coordinate, fontvieille))
    }

    @Test func categoryAroundANamedPlace() throws {
        let fontvieille = try #require(try index.geocode("fontvieille"))
        let larvotto = try #require(try index.geocode("larvotto"))
        for query in ["pharmacy fontvieille", "pharmacy near fontvieille", "fontvieille pharmacy"] {
            let hit = try #require(try index.search(query, limit: 3).first)
            #expect(hit.category == .pharmacy)
            #expect(Geodesy.distance(hit.coordinate, fontvieille.coordinate) < Geodesy.distance(hit.coordinate, larvotto.coordinate))
        }
        let parking = try #require(try index.search("parking larvotto", limit: 1).first)
        #expect(parking.category == .parking)
        #expect(Geodesy.distance(parking.coordinate, larvotto.coordinate) < 800)
    }

    @Test func reverseGeocodesAddressesAndStreets() throws {
        let house = try #require(index.reverse(Coordinate(latitude: 43.72952, longitude: 7.41490)))
        #expect(house.title == "7 Rue du Gabian")
        #expect(house.city == "Monaco")
        let street = try #require(try index.geocode("boulevard du larvotto"))
        let onStreet = try #require(index.reverse(street.coordinate))
        #expect(onStreet.name == "Boulevard du Larvotto")
        let grace = try #require(try index.geocode("avenue princesse grace"))
        let offset = Coordinate(latitude: grace.coordinate.latitude + 0.0001, longitude: grace.coordinate.longitude)
        #expect(index.reverse(offset)?.street == "Avenue Princesse Grace")
    }

    @Test func resultsCarryTheirFields() throws {
        let pharmacy = try #require(try index.search("pharmacie", near: index.centre, limit: 1).first)
        #expect(pharmacy.osmKey == "amenity")
        #expect(pharmacy.osmType == "node" || pharmacy.osmType == "way")
        #expect(pharmacy.osmId > 0)
        #expect(pharmacy.city != nil)
        let street = try #require(try index.geocode("rue grimaldi"))
        #expect(street.kind == .street && street.osmKey == "highway" && street.street == "Rue Grimaldi")
        let extent = try #require(street.extent)
        #expect(extent.contains(street.coordinate))
        #expect(Geodesy.distance(extent.min, extent.max) > 100)
        let json = try JSONSerialization.jsonObject(with: PhotonGeoJSON.encode([street])) as? [String: Any]
        let properties = (json?["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any]
        #expect((properties?["extent"] as? [Double])?.count == 4)
        #expect(properties?["type"] as? String == "street")
    }

    @Test func concurrentQueriesAgree() async throws {
        let index = self.index
        let queries = ["casino", "avenue princesse grace", "pharmacy", "7 rue du gabian", "larvoto", "monaco"]
        let expected = try queries.map { try index.search($0, limit: 5) }
        try await withThrowingTaskGroup(of: (Int, [SearchResult]).self) { group in
            for _ in 0..<8 {
                for (i, q) in queries.enumerated() {
                    group.addTask { (i, try index.search(q, limit: 5)) }
                }
            }
            for try await (i, results) in group { #expect(results == expected[i]) }
        }
    }

    @Test func photonGeoJSON() throws {
        let results = try index.search("7 rue du gabian", limit: 1)
        let json = try JSONSerialization.jsonObject(with: PhotonGeoJSON.encode(results)) as? [String: Any]
        #expect(json?["type"] as? String == "FeatureCollection")
        let feature = try #require((json?["features"] as? [[String: Any]])?.first)
        let geometry = try #require(feature["geometry"] as? [String: Any])
        let coordinates = try #require(geometry["coordinates"] as? [Double])
        #expect(abs(coordinates[0] - 7.4148842) < 1e-5 && abs(coordinates[1] - 43.7294975) < 1e-5)
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(properties["type"] as? String == "house")
        #expect(properties["housenumber"] as? String == "7")
        #expect(properties["street"] as? String == "Rue du Gabian")
        #expect(properties["osm_type"] as? String == "N")
    }
}
