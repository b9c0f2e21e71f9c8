import Foundation
import GemNavOSM
import GemNavTestSupport

extension TestData {
    /// Reads every entity of a file into memory (for small test files only).
    static func readAll(_ url: URL, _ kinds: OSMEntityKinds = .all) throws -> [OSMEntity] {
        var entities: [OSMEntity] = []
        try OSMReader(contentsOf: url).read(kinds) { entities.append($0) }
        return entities
    }
}
