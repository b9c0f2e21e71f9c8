import Foundation

/// The overlay an engine routes with, swappable while queries run (a server reloading its
/// traffic file), and the potential scratch space of traffic queries.
final class TrafficState: @unchecked Sendable {
    private let lock = NSLock()
    private var current: TrafficOverlay?
    private var changes = 0
    private var memos: [PotentialMemo] = []

    var overlay: TrafficOverlay? {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; changes += 1; lock.unlock() }
    }

    /// How many times the overlay was set or cleared.
    var revision: Int { lock.lock(); defer { lock.unlock() }; return changes }

    func withMemo<T>(nodes: Int, _ body: (PotentialMemo) throws -> T) rethrows -> T {
        lock.lock()
        let memo = memos.popLast() ?? PotentialMemo(nodes: nodes)
        lock.unlock()
        defer {
            lock.lock()
            memos.append(memo)
            lock.unlock()
        }
        return try body(memo)
    }
}
