import GemNavCore

/// Decodes the `HeaderBlock` carried by a PBF file's `OSMHeader` blob.
enum PBFHeaderBlock {
    /// Required features this reader implements. Anything else listed as required (e.g.
    /// `HistoricalInformation`) changes the meaning of the data, so reading must stop.
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> OSMHeader {
        var header = OSMHeader()
        var block = WireReader(bytes)
        while let (number, wire) = try block.field() {
            switch (number, wire) {
            case (1, .lengthDelimited): header.boundingBox = try boundingBox(try block.message())
            case (4, .lengthDelimited): header.requiredFeatures.append(try block.string())
            case (16, .lengthDelimited): header.writingProgram = try block.string()
            default: try block.skip(wire)
            }
        }
        return header
    }

    /// `HeaderBBox`: left/right/top/bottom in nanodegrees.
    private static func boundingBox(_ message: WireReader) throws -> BoundingBox {
        var m = message
        var left: Int64 = 0, right: Int64 = 0, top: Int64 = 0, bottom: Int64 = 0
        while let (number, wire) = try m.field() {
            switch (number, wire) {
            case (1, .varint): left = try m.sint64()
            case (2, .varint): right = try m.sint64()
            case (3, .varint): top = try m.sint64()
            case (4, .varint): bottom = try m.sint64()
            default: try m.skip(wire)
            }
        }
        return BoundingBox(min: Coordinate(latitude: Double(bottom) / 1e9, longitude: Double(left) / 1e9),
                           max: Coordinate(latitude: Double(top) / 1e9, longitude: Double(right) / 1e9))
    }
}
