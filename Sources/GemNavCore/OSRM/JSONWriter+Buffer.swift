/// The memory a `JSONWriter` writes into: a reference-counted block of bytes. The writer
/// tracks length and capacity itself and copies the block before writing when a copy of
/// the writer shares it, so `JSONWriter` keeps value semantics.
final class JSONBuffer: ManagedBuffer<Int, UInt8> {
    /// A buffer with room for at least `capacity` bytes.
    static func make(capacity: Int) -> JSONBuffer {
        unsafeDowncast(JSONBuffer.create(minimumCapacity: capacity) { _ in 0 }, to: JSONBuffer.self)
    }

    /// The first byte. Stable for the buffer's lifetime (the writer holds the buffer).
    var elements: UnsafeMutablePointer<UInt8> { withUnsafeMutablePointerToElements { $0 } }
}

extension JSONWriter {
    /// Copies the bytes into a buffer of its own when another writer shares it.
    @inline(__always)
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { regrow(to: capacity) }
    }

    /// Makes room for `n` more bytes.
    @inline(__always)
    mutating func reserve(_ n: Int) {
        if count + n > capacity { regrow(to: Swift.max(capacity * 2, count + n)) }
    }

    /// Moves the bytes into a new buffer of `newCapacity` bytes.
    mutating func regrow(to newCapacity: Int) {
        let fresh = JSONBuffer.make(capacity: newCapacity)
        let target = fresh.elements
        target.update(from: base, count: count)
        storage = fresh
        base = target
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    /// Appends two bytes.
    @inline(__always)
    mutating func append(_ a: UInt8, _ b: UInt8) {
        reserve(2)
        base[count] = a
        base[count + 1] = b
        count += 2
    }

    /// Appends raw bytes.
    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, buffer.count > 0 else { return }
        reserve(buffer.count)
        (base + count).update(from: source, count: buffer.count)
        count += buffer.count
    }
}
