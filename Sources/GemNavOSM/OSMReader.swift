import Foundation

/// Streams the objects of an OpenStreetMap file, `.osm.pbf` or `.osm` XML.
///
/// The format is detected from the file's first bytes, not its name. Reading is streaming:
/// a PBF file is read blob by blob and an XML file in fixed-size chunks, so memory does not
/// grow with the file. `read` may be called any number of times, e.g. ways and relations
/// first, then only the nodes they use; each call opens the file afresh, so one reader can be
/// shared between threads.
///
/// ```swift
/// let reader = try OSMReader(contentsOf: url)
/// try reader.read([.ways]) { entity in
///     if case .way(let way) = entity { print(way.id, way.nodeRefs.count) }
/// }
/// ```
public final class OSMReader: Sendable {
    /// The encodings the reader understands.
    public enum Format: String, Sendable, Hashable {
        /// Protocol Buffer Binary Format (`.osm.pbf`).
        case pbf
        /// OSM XML (`.osm`), as written by the OSM website, JOSM or Overpass.
        case xml
    }

    /// The file being read.
    public let url: URL
    /// The detected encoding.
    public let format: Format
    /// What the file's header says (bounding box, writing program, required features).
    public let header: OSMHeader
    /// The file's size in bytes; `progress` fractions are relative to it.
    public let fileSize: Int

    private var fileName: String { url.lastPathComponent }

    /// Opens `url`, detects its format and reads its header.
    /// - Throws: `OSMReadError` when the file is unreadable, not an OSM file, its header is
    ///   corrupt, or it requires a feature this reader does not support.
    public init(contentsOf url: URL) throws {
        self.url = url
        let name = url.lastPathComponent
        let handle = try Self.open(url)
        defer { try? handle.close() }
        let prefix: Data
        do {
            fileSize = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
            prefix = try handle.read(upToCount: 64) ?? Data()
            try handle.seek(toOffset: 0)
        } catch {
            throw OSMReadError(.unreadable(reason: "\(error)"), file: name)
        }
        format = try Self.detectFormat(Array(prefix), fileName: name)
        switch format {
        case .pbf:
            var blobs = PBFBlobReader(handle: handle, fileName: name, fileSize: fileSize)
            guard let first = try blobs.next(), first.type == "OSMHeader" else {
                throw OSMReadError(.notOSM(reason: "the first PBF blob is not an OSMHeader"), file: name,
                                   byteOffset: 0, blobIndex: 0)
            }
            let header = try blobs.withPayload(of: first, PBFHeaderBlock.decode)
            if let unknown = header.requiredFeatures.first(where: { !PBFHeaderBlock.supportedFeatures.contains($0) }) {
                throw OSMReadError(.unsupportedFeature(unknown), file: name, byteOffset: 0, blobIndex: 0)
            }
            self.header = header
        case .xml:
            var parser = OSMXMLParser(handle: handle, fileName: name)
            header = try parser.readHeader()
        }
    }

    /// Calls `visit` for each object of the requested kinds, in file order.
    /// - Parameters:
    ///   - kinds: which objects to deliver; in a PBF file the others are skipped undecoded.
    ///   - progress: called now and then with the fraction (0…1) of the file consumed, and
    ///     with 1 at the end.
    ///   - visit: receives each object; an error it throws stops the read and is rethrown
    ///     unchanged.
    /// - Throws: `OSMReadError` when the file is truncated or corrupt, or what `visit` throws.
    public func read(_ kinds: OSMEntityKinds = .all, progress: ((Double) -> Void)? = nil,
                     _ visit: (OSMEntity) throws -> Void) throws
    {
        let handle = try Self.open(url)
        defer { try? handle.close() }
        switch format {
        case .pbf:
            var blobs = PBFBlobReader(handle: handle, fileName: fileName, fileSize: fileSize)
            while let blob = try blobs.next() {
                if blob.type == "OSMData", !kinds.isEmpty {
                    try blobs.withPayload(of: blob) { bytes in
                        var block = try PBFPrimitiveBlock(bytes)
                        try block.decode(kinds, visit)
                    }
                }
                progress?(fraction(blobs.offset))
            }
        case .xml:
            var parser = OSMXMLParser(handle: handle, fileName: fileName)
            try parser.read(kinds, progress: progress.map { report in { report(self.fraction($0)) } }, visit)
        }
        progress?(1)
    }

    /// Counts the file's nodes, ways and relations. For PBF this only frames the objects
    /// (no coordinates or tags are decoded), which is several times faster than `read`.
    public static func counts(of url: URL) throws -> (nodes: Int, ways: Int, relations: Int) {
        let reader = try OSMReader(contentsOf: url)
        var counts = (nodes: 0, ways: 0, relations: 0)
        guard reader.format == .pbf else {
            try reader.read { entity in
                switch entity {
                case .node: counts.nodes += 1
                case .way: counts.ways += 1
                case .relation: counts.relations += 1
                }
            }
            return counts
        }
        let handle = try open(url)
        defer { try? handle.close() }
        var blobs = PBFBlobReader(handle: handle, fileName: reader.fileName, fileSize: reader.fileSize)
        while let blob = try blobs.next() {
            guard blob.type == "OSMData" else { continue }
            try blobs.withPayload(of: blob) { try PBFPrimitiveBlock($0).count(into: &counts) }
        }
        return counts
    }

    private func fraction(_ offset: Int) -> Double {
        fileSize > 0 ? min(1, Double(offset) / Double(fileSize)) : 1
    }

    private static func open(_ url: URL) throws -> FileHandle {
        do {
            return try FileHandle(forReadingFrom: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "permission denied or I/O error" : "no such file"
            throw OSMReadError(.unreadable(reason: reason), file: url.lastPathComponent)
        }
    }

    /// PBF starts with a small big-endian length and the BlobHeader's field-1 key (0x0A);
    /// XML starts with `<` after an optional byte-order mark and whitespace.
    private static func detectFormat(_ prefix: [UInt8], fileName: String) throws -> Format {
        guard !prefix.isEmpty else { throw OSMReadError(.notOSM(reason: "the file is empty"), file: fileName) }
        if prefix.count >= 5, prefix[0] == 0, prefix[1] == 0, prefix[4] == 0x0A { return .pbf }
        var text = prefix[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        if let first = text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "<") {
            return .xml
        }
        let reason: String
        if prefix.starts(with: [0x1F, 0x8B]) {
            reason = "it is gzip-compressed; decompress it first (gunzip)"
        } else if prefix.starts(with: Array("BZh".utf8)) {
            reason = "it is bzip2-compressed; decompress it first (bunzip2)"
        } else if prefix.count < 5, fileName.hasSuffix(".pbf") {
            reason = "only \(prefix.count) bytes, too short for a PBF file"
        } else {
            reason = "the first bytes match neither PBF nor XML"
        }
        throw OSMReadError(.notOSM(reason: reason), file: fileName)
    }
}
