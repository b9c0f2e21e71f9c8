import Foundation
import Testing
@testable import GemNavCore

/// Road signs kept once per process by id (`InternTable`): equal signs are one id, edits make
/// new ones without touching the old, and ids stay right when threads intern at once.
@Suite struct RoadSignsTests {
    @Test func equalSignsAreOneIdAndEditsMakeNewOnes() {
        var a = RoadInfo(name: "Rua de Santa Catarina", ref: "N12", roadClass: .primary, turnLanes: "left|through")
        let b = RoadInfo(name: "Rua de Santa Catarina", ref: "N12", roadClass: .primary, turnLanes: "left|through")
        #expect(a == b && a.sameLabels(as: b) && a.hashValue == b.hashValue)
        a.name = "Rua de Passos Manuel"
        #expect(a.name == "Rua de Passos Manuel" && a.ref == "N12" && a.turnLanes == "left|through")
        #expect(b.name == "Rua de Santa Catarina" && !a.sameLabels(as: b))
        // The empty signs are id 0: OSRM's empty name id, whatever else the road has.
        #expect(RoadInfo(roadClass: .service, turnLanes: "through").hasNoLabels)
        #expect(!RoadInfo(destinations: "Porto").hasNoLabels)
    }

    @Test func takingSignageKeepsTheRoadsOwnLanes() {
        var step = RoadInfo(name: "A", roadClass: .primary, turnLanes: "left|right")
        let named = RoadInfo(name: "B", ref: "EN 13", exits: "4", roadClass: .secondary, turnLanes: "through")
        step.takeSignage(of: named)
        #expect(step.name == "B" && step.ref == "EN 13" && step.exits == "4" && step.turnLanes == "left|right")
        #expect(step.roadClass == .primary)
    }

    @Test func threadsInterningAtOnceAgreeOnIds() async {
        let table = InternTable(empty: "")
        let words = (0..<2_000).map { "street \($0)" }
        let ids = await withTaskGroup(of: [UInt32].self) { group in
            for _ in 0..<4 { group.addTask { words.map { table.id(of: $0) } } }
            return await group.reduce(into: [[UInt32]]()) { $0.append($1) }
        }
        #expect(Set(ids).count == 1)
        #expect(Set(ids[0]).count == words.count && !ids[0].contains(0))
        for (word, id) in zip(words, ids[0]) { #expect(table[id].pointee == word) }
    }
}
