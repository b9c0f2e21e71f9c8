import Foundation

/// Read-only bytes of a file mapped into memory, so a graph loads in milliseconds whatever
/// its size: pages come in on first use.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    /// Maps `url` read-only.
    init(url: URL) throws {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { throw RoutingError(.dataMissing(url.path)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw RoutingError(.dataMissing(url.path)) }
        let size = Int(info.st_size)
        guard size > 0 else { throw RoutingError(.dataCorrupt(url.path, "the file is empty")) }
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            throw RoutingError(.dataCorrupt(url.path, "it could not be mapped into memory"))
        }
        bytes = UnsafeRawBufferPointer(start: p, count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}

/// A typed, read-only view of an array stored in a `MappedFile`.
struct FlatArray<Element>: @unchecked Sendable {
    let base: UnsafePointer<Element>?
    let count: Int

    init(_ raw: UnsafeRawBufferPointer) {
        base = raw.baseAddress?.assumingMemoryBound(to: Element.self)
        count = raw.count / MemoryLayout<Element>.stride
    }

    @inline(__always) subscript(i: Int) -> Element { base.unsafelyUnwrapped[i] }
    @inline(__always) subscript(i: Int32) -> Element { base.unsafelyUnwrapped[Int(i)] }
}
