import GemNavCore

/// An administrative boundary relation as read: its name, level and member ways' node ids.
struct RawBoundary {
    var name: String
    var level: Int
    var ways: [[Int64]] = []
}

/// Municipality boundaries, used to name the locality of streets, addresses and POIs.
///
/// The point-in-polygon test counts crossings over the boundary's segments in any order, so
/// member ways need no ring assembly; a boundary whose rings do not close (cut by the extract's
/// edge) is dropped, since crossings would then be meaningless.
struct AdminAreas {
    struct Area {
        var name: String
        var folded: String
        var level: Int
        var box: BoundingBox
        var segments: [(Coordinate, Coordinate)]

        func contains(_ c: Coordinate) -> Bool {
            guard box.contains(c) else { return false }
            var inside = false
            for (a, b) in segments where (a.latitude > c.latitude) != (b.latitude > c.latitude) {
                let x = a.longitude + (c.latitude - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude)
                if c.longitude < x { inside.toggle() }
            }
            return inside
        }
    }

    /// Admin levels that name a town or municipality (communes, parishes, concelhos).
    static let municipalLevels = 7...8

    private(set) var areas: [Area] = []

    init(_ boundaries: [RawBoundary], coordinates: [Int64: Coordinate]) {
        for b in boundaries {
            var degree: [Int64: Int] = [:]
            var segments: [(Coordinate, Coordinate)] = []
            var complete = !b.ways.isEmpty
            for way in b.ways {
                guard let first = way.first, let last = way.last else { continue }
                degree[first, default: 0] += 1
                degree[last, default: 0] += 1
                let line = way.compactMap { coordinates[$0] }
                if line.count != way.count { complete = false }
                segments.append(contentsOf: zip(line, line.dropFirst()).map { ($0, $1) })
            }
            guard complete, degree.values.allSatisfy({ $0 % 2 == 0 }),
                  let box = BoundingBox(covering: segments.map(\.0))
            else { continue }
            areas.append(Area(name: b.name, folded: TextFolding.normalize(b.name), level: b.level, box: box,
                              segments: segments))
        }
    }

    /// The name of the deepest municipal boundary containing `c`.
    func municipality(of c: Coordinate) -> String? {
        var best: Area?
        for a in areas where Self.municipalLevels.contains(a.level) && a.level > (best?.level ?? 0) && a.contains(c) {
            best = a
        }
        return best?.name
    }
}
