import Foundation

/// The overlay an engine routes with, swappable while queries run (a server reloading its
/// traffic file), and the potential scratch space of traffic queries.
final class TrafficState: @unchecked Sendable {
    private let lock = NSLock()
    private var current: TrafficOverlay?
    private var memos: [PotentialMemo] = []

    var overlay: TrafficOverlay? {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }

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
