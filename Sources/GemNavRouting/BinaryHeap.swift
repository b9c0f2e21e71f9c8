/// A min-heap of (key, node) pairs with lazy deletion: stale entries are skipped by the
/// caller comparing the key with its distance table. Reused across searches.
struct BinaryHeap {
    private(set) var keys: [Int64] = []
    private(set) var nodes: [Int32] = []

    var isEmpty: Bool { keys.isEmpty }
    var minKey: Int64 { keys[0] }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
    }

    mutating func push(_ key: Int64, _ node: Int32) {
        var i = keys.count
        keys.append(key)
        nodes.append(node)
        while i > 0 {
            let parent = (i - 1) >> 1
            guard keys[parent] > key else { break }
            keys[i] = keys[parent]
            nodes[i] = nodes[parent]
            i = parent
        }
        keys[i] = key
        nodes[i] = node
    }

    mutating func pop() -> (key: Int64, node: Int32) {
        let top = (keys[0], nodes[0])
        let lastKey = keys.removeLast(), lastNode = nodes.removeLast()
        let count = keys.count
        guard count > 0 else { return top }
        var i = 0
        while true {
            var child = 2 * i + 1
            guard child < count else { break }
            if child + 1 < count && keys[child + 1] < keys[child] { child += 1 }
            guard keys[child] < lastKey else { break }
            keys[i] = keys[child]
            nodes[i] = nodes[child]
            i = child
        }
        keys[i] = lastKey
        nodes[i] = lastNode
        return top
    }
}
