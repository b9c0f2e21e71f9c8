/// A min-heap of (key, node) pairs with lazy deletion: stale entries are skipped by the
/// caller comparing the key with its distance table. Reused across searches, and kept in raw
/// storage because every settled node of every query goes through it.
final class BinaryHeap {
    private var keys: UnsafeMutablePointer<Int64>
    private var nodes: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = max(16, capacity)
        keys = .allocate(capacity: self.capacity)
        nodes = .allocate(capacity: self.capacity)
    }

    deinit {
        keys.deallocate()
        nodes.deallocate()
    }

    var isEmpty: Bool { count == 0 }
    var minKey: Int64 { keys[0] }

    func removeAll() { count = 0 }

    private func grow() {
        let bigger = capacity * 2
        let k = UnsafeMutablePointer<Int64>.allocate(capacity: bigger)
        let n = UnsafeMutablePointer<Int32>.allocate(capacity: bigger)
        k.moveInitialize(from: keys, count: count)
        n.moveInitialize(from: nodes, count: count)
        keys.deallocate()
        nodes.deallocate()
        keys = k
        nodes = n
        capacity = bigger
    }

    func push(_ key: Int64, _ node: Int32) {
        if count == capacity { grow() }
        var i = count
        count += 1
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

    func pop() -> (key: Int64, node: Int32) {
        let top = (keys[0], nodes[0])
        count -= 1
        guard count > 0 else { return top }
        let lastKey = keys[count], lastNode = nodes[count]
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
