/// Joins ways into longer chains where they share end nodes: multipolygon members into rings
/// (either direction) and coastline ways into coastlines (direction kept, since it says on
/// which side the land is).
enum WayJoiner {
    /// Maximal chains of `ways` (node-id lists). `directed` joins only one way's last node to
    /// another's first; otherwise ways are reversed as needed. A chain that closes stops there.
    static func join(_ ways: [[Int64]], directed: Bool) -> [[Int64]] {
        var starts: [Int64: [Int]] = [:], ends: [Int64: [Int]] = [:]
        for (i, w) in ways.enumerated() where w.count >= 2 {
            starts[w[0], default: []].append(i)
            ends[w[w.count - 1], default: []].append(i)
        }
        var used = [Bool](repeating: false, count: ways.count)
        var chains: [[Int64]] = []

        /// An unused way touching `node`: (index, whether it must be reversed to continue
        /// forwards from `node`). `forward` looks for a way starting at the node.
        func next(at node: Int64, forward: Bool) -> (Int, Bool)? {
            let same = forward ? starts[node] : ends[node]
            if let i = same?.first(where: { !used[$0] }) { return (i, false) }
            guard !directed else { return nil }
            let other = forward ? ends[node] : starts[node]
            if let i = other?.first(where: { !used[$0] }) { return (i, true) }
            return nil
        }

        for seed in ways.indices where !used[seed] && ways[seed].count >= 2 {
            used[seed] = true
            var chain = ways[seed]
            while chain.first != chain.last, let (i, reversed) = next(at: chain[chain.count - 1], forward: true) {
                used[i] = true
                chain += (reversed ? ways[i].reversed() : ways[i]).dropFirst()
            }
            while chain.first != chain.last, let (i, reversed) = next(at: chain[0], forward: false) {
                used[i] = true
                chain = Array((reversed ? ways[i].reversed() : ways[i]).dropLast()) + chain
            }
            chains.append(chain)
        }
        return chains
    }
}
