import Foundation
import Testing
import GemNavCore
@testable import GemNavSearch

@Suite struct PortoSearchTests {
    let index: SearchIndex
    init() throws { index = try Fixtures.porto.get() }

    @Test func streetsFromPrefixesAbbreviationsAndTypos() throws {
        #expect(try index.search("rua de santa cat", limit: 3).first?.title == "Rua de Santa Catarina")
        #expect(try index.search("av boavista", limit: 3).first?.title == "Avenida da Boavista")
        #expect(try index.search("r das flores", limit: 3).first?.title == "Rua das Flores")
        #expect(try index.search("avenida da boavsita", limit: 3).first?.title == "Avenida da Boavista")
        #expect(try index.search("CIRCUNVALACAO", limit: 3).first?.title == "Estrada da Circunvalação")
    }

    @Test func roadNumbers() throws {
        for query in ["a41", "a 41", "A41"] {
            let hit = try #require(try index.search(query, limit: 1).first)
            #expect(hit.title.contains("A 41") || hit.title.contains("A41"))
            #expect(hit.osmValue == "motorway")
        }
        #expect(try index.search("ic 1 ic 23", limit: 1).first?.title == "IC 1 / IC 23")
    }

    @Test func wordsTheExtractLacksAreTolerated() throws {
        // The extract has no place called Porto; the street still comes first.
        let hits = try index.search("rua de santa catarina porto", limit: 3)
        #expect(hits.first?.title == "Rua de Santa Catarina")
    }

    @Test func housenumbers() throws {
        let hit = try #require(try index.geocode("rua machado dos santos 419"))
        #expect(hit.kind == .house && hit.housenumber == "419")
        #expect(Geodesy.distance(hit.coordinate, Coordinate(latitude: 41.3865071, longitude: -8.5435899)) < 1)
        let typing = try index.search("rua machado dos santos 41", limit: 1).first
        #expect(typing?.housenumber?.hasPrefix("41") == true)
    }

    @Test func fuelNearestFirst() throws {
        let here = Coordinate(latitude: 41.1496, longitude: -8.6109)
        for query in ["fuel", "gas station", "petrol", "bomba de gasolina"] {
            let hits = try index.search(query, near: here, limit: 5)
            #expect(hits.count == 5)
            #expect(hits.allSatisfy { $0.category == .fuel })
            let d = hits.compactMap(\.distance)
            #expect(d == d.sorted())
        }
    }

    @Test func reverseNamesTheStreet() throws {
        let boavista = try #require(try index.geocode("avenida da boavista"))
        let north = Coordinate(latitude: boavista.coordinate.latitude + 0.00008, longitude: boavista.coordinate.longitude)
        let hit = try #require(index.reverse(north))
        #expect(hit.name == "Avenida da Boavista" || hit.name == "Ciclovia da Boavista")
        let address = try #require(index.reverse(Coordinate(latitude: 41.38651, longitude: -8.54359)))
        #expect(address.title == "419 Rua Machado dos Santos")
    }

    @Test func indexIsSmallAndFast() throws {
        let pbf = Fixtures.dataDirectory.appendingPathComponent("porto_portugal.osm.pbf")
        let pbfSize = try #require(try FileManager.default.attributesOfItem(atPath: pbf.path)[.size] as? Int)
        #expect(index.file.data.count * 100 <= pbfSize * 30)
    }
}

@Suite struct AndorraSearchTests {
    let index: SearchIndex
    init() throws { index = try Fixtures.andorra.get() }

    @Test func townsAndPOIs() throws {
        #expect(try index.search("andorra la v", limit: 3).first?.title == "Andorra la Vella")
        #expect(try index.search("canilo", limit: 3).first?.title == "Canillo")
        #expect(try index.search("la masana", limit: 3).first?.title == "La Massana")
        let fuel = try index.search("gasolinera", near: Coordinate(latitude: 42.5078, longitude: 1.5211), limit: 3)
        #expect(!fuel.isEmpty && fuel.allSatisfy { $0.category == .fuel })
    }
}

/// bench/search/relevance.json: every query finds one of its expected titles in the top 3.
@Suite struct RelevanceSuiteTests {
    struct Suite: Decodable {
        struct Entry: Decodable {
            var region: String
            var query: String
            var expected: [String]
        }

        var top: Int
        var entries: [Entry]
    }

    @Test func relevanceSuite() throws {
        let url = Fixtures.repoRoot.appendingPathComponent("bench/search/relevance.json")
        let suite = try JSONDecoder().decode(Suite.self, from: try Data(contentsOf: url))
        #expect(suite.entries.count >= 30)
        for entry in suite.entries {
            let index = try (entry.region == "monaco" ? Fixtures.monaco : Fixtures.porto).get()
            let titles = try index.search(entry.query, limit: suite.top).map(\.title)
            #expect(titles.contains { entry.expected.contains($0) }, "\(entry.query) → \(titles)")
        }
    }
}
