import Foundation

/// Cut tiles kept in memory, least recently used first out, within a byte budget. Cutting a
/// tile takes milliseconds; a map pans back and forth over the same few dozen.
/// Safe to share between threads.
public final class TileCache: @unchecked Sendable {
    private struct Entry {
        var tile: TileID
        var bytes: [UInt8]
        var newer: Int?
        var older: Int?
    }

    /// Most bytes of tiles kept.
    public let capacityBytes: Int
    private let lock = NSLock()
    private var slots: [Entry] = []
    private var free: [Int] = []
    private var index: [TileID: Int] = [:]
    private var newest: Int?
    private var oldest: Int?
    private var storedBytes = 0

    /// A cache holding at most `capacityBytes` of tiles; 0 keeps nothing.
    public init(capacityBytes: Int = 64 << 20) {
        self.capacityBytes = capacityBytes
    }

    /// Tiles held now.
    public var count: Int { lock.withLock { index.count } }

    /// The cached tile, or `cut()`'s, stored for next time. The cut runs outside the lock,
    /// so two requests for the same new tile may both cut it.
    public func tile(_ id: TileID, cut: () throws -> [UInt8]) rethrows -> [UInt8] {
        if let hit = lookup(id) { return hit }
        let bytes = try cut()
        store(id, bytes)
        return bytes
    }

    private func lookup(_ id: TileID) -> [UInt8]? {
        lock.withLock {
            guard let i = index[id] else { return nil }
            unlink(i)
            pushNewest(i)
            return slots[i].bytes
        }
    }

    private func store(_ id: TileID, _ bytes: [UInt8]) {
        // Empty tiles are counted as a small entry so a sea of them still ages out.
        let cost = bytes.count + 64
        guard cost <= capacityBytes else { return }
        lock.withLock {
            guard index[id] == nil else { return }
            while storedBytes + cost > capacityBytes, let o = oldest { evict(o) }
            let entry = Entry(tile: id, bytes: bytes)
            let i: Int
            if let f = free.popLast() {
                slots[f] = entry
                i = f
            } else {
                slots.append(entry)
                i = slots.count - 1
            }
            index[id] = i
            pushNewest(i)
            storedBytes += cost
        }
    }

    private func evict(_ i: Int) {
        unlink(i)
        index[slots[i].tile] = nil
        storedBytes -= slots[i].bytes.count + 64
        slots[i].bytes = []
        free.append(i)
    }

    private func unlink(_ i: Int) {
        let e = slots[i]
        if let n = e.newer { slots[n].older = e.older } else { newest = e.older }
        if let o = e.older { slots[o].newer = e.newer } else { oldest = e.newer }
        slots[i].newer = nil
        slots[i].older = nil
    }

    private func pushNewest(_ i: Int) {
        slots[i].older = newest
        slots[i].newer = nil
        if let n = newest { slots[n].newer = i }
        newest = i
        if oldest == nil { oldest = i }
    }
}
