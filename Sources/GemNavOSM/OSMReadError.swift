/// Why an OSM file could not be read, and where it broke.
///
/// The `description` is a complete sentence for a terminal user: it names the file, the place
/// (byte offset, blob index or XML line) and what to do about it.
public struct OSMReadError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The file could not be opened or read (missing, permissions, I/O error).
        case unreadable(reason: String)
        /// The bytes are neither an `.osm.pbf` nor an `.osm` XML file.
        case notOSM(reason: String)
        /// The file ends in the middle of `what` (a blob, a blob header…).
        case truncated(what: String, expected: Int, found: Int)
        /// A blob is compressed with a method this reader does not implement (lzma, zstd…).
        case unsupportedCompression(String)
        /// Compressed data does not inflate to what the blob header promised.
        case corruptCompression(String)
        /// The protobuf structure of a PBF blob is invalid.
        case malformedProtobuf(String)
        /// The XML is not well-formed or an OSM element is missing what it needs.
        case malformedXML(String)
        /// The header requires a feature this reader does not understand.
        case unsupportedFeature(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The file's name (last path component).
    public var file: String
    /// Byte offset in the file where the problem was found, when known.
    public var byteOffset: Int?
    /// Index of the PBF blob (0 is the header blob), when the problem is inside one.
    public var blobIndex: Int?
    /// 1-based XML line, when the problem is in an XML file.
    public var line: Int?

    /// Creates an error.
    public init(_ kind: Kind, file: String, byteOffset: Int? = nil, blobIndex: Int? = nil, line: Int? = nil) {
        self.kind = kind
        self.file = file
        self.byteOffset = byteOffset
        self.blobIndex = blobIndex
        self.line = line
    }

    /// A one-paragraph explanation naming the file, the place and a remedy.
    public var description: String {
        var place = ""
        if let line { place += " at line \(line)" }
        if let byteOffset { place += " at byte \(byteOffset)" }
        if let blobIndex { place += " (blob \(blobIndex))" }
        let corrupt = "The file is incomplete or corrupt; download or export it again."
        switch kind {
        case .unreadable(let reason):
            return "\(file): cannot read the file (\(reason))."
        case .notOSM(let reason):
            return "\(file): not an OpenStreetMap file (\(reason)). Expected .osm.pbf or .osm XML."
        case .truncated(let what, let expected, let found):
            return "\(file): truncated \(what)\(place): expected \(expected) bytes, found \(found). \(corrupt)"
        case .unsupportedCompression(let method):
            return "\(file): blob\(place) uses \(method) compression, which is not supported; "
                + "convert the file with `osmium cat -o out.osm.pbf` (zlib) first."
        case .corruptCompression(let detail):
            return "\(file): corrupt compressed data\(place): \(detail). \(corrupt)"
        case .malformedProtobuf(let detail):
            return "\(file): invalid PBF structure\(place): \(detail). \(corrupt)"
        case .malformedXML(let detail):
            return "\(file): malformed OSM XML\(place): \(detail)."
        case .unsupportedFeature(let feature):
            return "\(file): the file requires the feature \"\(feature)\", which this reader does not "
                + "support. Convert it to a plain OSM snapshot (e.g. `osmium cat`) first."
        }
    }
}
