import Foundation

/// Values kept once for the life of the process and named by a 32-bit id: equal values get
/// the same id, and an id is never reused or freed.
///
/// Road signs live here so that `RoadInfo` is plain data. A route copies road info for
/// every stretch, junction arm and step; with the signs behind a reference each copy cost a
/// reference count (a fifth of a route query went to retain and release), with an id it
/// costs nothing, and comparing two roads' signs is comparing two integers. The distinct
/// signs of a map are few (one per street name and sign text), so keeping them is cheap.
///
/// Reading takes no lock: a value is written before its id is handed out, and an id reaches
/// another thread only through whatever synchronised hand-over carried the road info.
final class InternTable<Value: Hashable>: @unchecked Sendable {
    private static var chunkShift: Int { 12 }
    private static var chunkCount: Int { 1 << 14 }
    private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Value>?>
    private var ids: [Value: UInt32] = [:]
    private var count = 0
    private let lock = NSLock()

    /// Creates a table whose id 0 is `empty`.
    init(empty: Value) {
        chunks = .allocate(capacity: Self.chunkCount)
        chunks.initialize(repeating: nil, count: Self.chunkCount)
        _ = id(of: empty)
    }

    /// The id of `value`, stored now if it is new.
    func id(of value: Value) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let id = ids[value] { return id }
        let id = count
        let chunk = id >> Self.chunkShift, slot = id & (1 << Self.chunkShift - 1)
        precondition(chunk < Self.chunkCount, "more than \(Self.chunkCount << Self.chunkShift) distinct values interned")
        if slot == 0 { chunks[chunk] = .allocate(capacity: 1 << Self.chunkShift) }
        (chunks[chunk].unsafelyUnwrapped + slot).initialize(to: value)
        count += 1
        ids[value] = UInt32(id)
        return UInt32(id)
    }

    /// The value with id `id` (one this table handed out).
    @inline(__always)
    subscript(id: UInt32) -> UnsafePointer<Value> {
        UnsafePointer(chunks[Int(id) >> Self.chunkShift].unsafelyUnwrapped + (Int(id) & (1 << Self.chunkShift - 1)))
    }
}
