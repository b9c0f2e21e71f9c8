/// Douglas–Peucker simplification, run per zoom on tile coordinates so a line keeps the
/// detail its zoom can show and no more.
enum Simplification {
    /// The points of `line` that keep it within `tolerance` of the original; the ends are
    /// always kept. Works on rings too (first and last point kept).
    static func simplify(_ line: [PlanePoint], tolerance: Double) -> [PlanePoint] {
        guard line.count > 2, tolerance > 0 else { return line }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        let tol2 = tolerance * tolerance
        // An explicit stack: a long coastline would overflow a recursive one.
        var stack: [(Int, Int)] = [(0, line.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = line[first], b = line[last]
            let dx = b.x - a.x, dy = b.y - a.y
            let len2 = dx * dx + dy * dy
            var worst = -1.0, index = first
            for i in (first + 1)..<last {
                let p = line[i]
                let d2: Double
                if len2 == 0 {
                    d2 = (p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)
                } else {
                    let cross = dx * (p.y - a.y) - dy * (p.x - a.x)
                    d2 = cross * cross / len2
                }
                if d2 > worst {
                    worst = d2
                    index = i
                }
            }
            if worst > tol2 {
                keep[index] = true
                stack.append((first, index))
                stack.append((index, last))
            }
        }
        var out: [PlanePoint] = []
        out.reserveCapacity(line.count)
        for i in 0..<line.count where keep[i] { out.append(line[i]) }
        return out
    }
}
