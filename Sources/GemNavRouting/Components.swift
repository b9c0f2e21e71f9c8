/// Connected components of the road network (ignoring direction). Snapping prefers the big
/// component, as OSRM does, so a point next to a tiny disconnected car park still routes.
enum Components {
    /// Component id per edge, and whether that component is big.
    static func label(_ net: RoadNetwork, usable: (Int) -> Bool) -> (component: [Int32], isBig: [Bool]) {
        var parent = Array(0..<Int32(net.junctionCount))
        func find(_ x: Int32) -> Int32 {
            var x = x
            while parent[Int(x)] != x {
                parent[Int(x)] = parent[Int(parent[Int(x)])]
                x = parent[Int(x)]
            }
            return x
        }
        for e in 0..<net.edgeCount where usable(e) {
            let a = find(net.edgeFrom[e]), b = find(net.edgeTo[e])
            if a != b { parent[Int(a)] = b }
        }
        var size: [Int32: Int] = [:]
        var component = [Int32](repeating: -1, count: net.edgeCount)
        for e in 0..<net.edgeCount where usable(e) {
            let root = find(net.edgeFrom[e])
            component[e] = root
            size[root, default: 0] += 1
        }
        let largest = size.values.max() ?? 0
        // Big: the largest component, and any holding at least 1,000 edges.
        let isBig = component.map { c in c >= 0 && (size[c] ?? 0) >= min(1000, largest) }
        return (component, isBig)
    }
}
