import Foundation
import GemNavCore
import Testing
@testable import GemNavOSM
import GemNavTestSupport

/// Crafted and damaged PBF files: every failure must be a located `OSMReadError`, never a trap.
@Suite struct PBFCorruptionTests {
    private func readAll(_ data: Data, name: String = "broken.osm.pbf") throws -> [OSMEntity] {
        try TestData.readAll(try TestData.write(data, name: name))
    }

    @Test func craftedFileDecodes() throws {
        let url = try TestData.write(PBFWriter.tinyFile(), name: "tiny.osm.pbf")
        let header = try OSMReader(contentsOf: url).header
        #expect(header.writingProgram == "GemNavTests")
        #expect(header.boundingBox == BoundingBox(min: Coordinate(latitude: 43.7, longitude: 7.4),
                                                  max: Coordinate(latitude: 43.8, longitude: 7.5)))
        // lat = (lat_offset + granularity * value) nanodegrees.
        func c(_ lat: Int64, _ lon: Int64) -> Coordinate {
            Coordinate(latitude: Double(100 + 1000 * lat) / 1e9, longitude: Double(-200 + 1000 * lon) / 1e9)
        }
        #expect(try TestData.readAll(url) == [
            .node(OSMNode(id: 1, coordinate: c(4_370_000, 740_000))),
            .node(OSMNode(id: 2, coordinate: c(4_371_000, -740_000), tags: ["highway": "crossing"])),
            .node(OSMNode(id: 5, coordinate: c(4_372_000, 740_500))),
            .node(OSMNode(id: -7, coordinate: c(4_373_000, 741_000))),
            .way(OSMWay(id: 10, nodeRefs: [1, 2, 5, 1], tags: ["name": "Rue"])),
            .relation(OSMRelation(id: 20, members: [.init(type: .way, ref: 10, role: "from"),
                                                   .init(type: .node, ref: 5, role: "to")],
                                  tags: ["type": "restriction"])),
        ])
        #expect(try OSMReader.counts(of: url) == (4, 1, 1))
    }

    @Test func unknownRequiredFeatureIsRefused() throws {
        let data = PBFWriter.file([("OSMHeader", PBFWriter.blob(PBFWriter.header(
            features: ["OsmSchema-V0.6", "HistoricalInformation"])))])
        let error = try #require(throws: OSMReadError.self) { try readAll(data) }
        #expect(error.kind == .unsupportedFeature("HistoricalInformation"))
        #expect(error.description.contains("\"HistoricalInformation\""))
    }

    @Test(arguments: [(4, "LZMA"), (6, "LZ4"), (7, "Zstandard")])
    func unsupportedCompressionIsNamed(_ field: UInt64, _ method: String) throws {
        let data = PBFWriter.file([("OSMHeader", PBFWriter.blob(PBFWriter.header())),
                                   ("OSMData", PBFWriter.blob(PBFWriter.primitiveBlock(), compressionField: field))])
        let error = try #require(throws: OSMReadError.self) { try readAll(data) }
        #expect(error.kind == .unsupportedCompression(method))
        #expect(error.blobIndex == 1)
    }

    @Test func unknownBlobTypesAreSkipped() throws {
        let data = PBFWriter.file([("OSMHeader", PBFWriter.blob(PBFWriter.header())),
                                   ("GemNavIndex", [0xFF, 0xFF, 0xFF]),
                                   ("OSMData", PBFWriter.blob(PBFWriter.primitiveBlock()))])
        #expect(try readAll(data).count == 6)
    }

    @Test func firstBlobMustBeTheHeader() throws {
        let data = PBFWriter.file([("OSMData", PBFWriter.blob(PBFWriter.primitiveBlock()))])
        let error = try #require(throws: OSMReadError.self) { try readAll(data) }
        guard case .notOSM = error.kind else { Issue.record("\(error)"); return }
    }

    /// Every single-byte change of the crafted file either still reads or throws a located
    /// `OSMReadError`; this walks the protobuf decoder through every bounds check.
    @Test func everySingleByteCorruptionIsHandled() throws {
        let original = PBFWriter.tinyFile()
        var failures = 0
        for index in original.indices {
            for value: UInt8 in [0x00, 0x7F, 0x80, 0xFF, original[index] ^ 0x01] {
                var data = original
                data[index] = value
                do {
                    _ = try readAll(data)
                } catch let error as OSMReadError {
                    failures += 1
                    #expect(error.description.hasPrefix("broken.osm.pbf: "))
                }
            }
        }
        #expect(failures > original.count)
    }

    @Test func truncatedMonacoNamesTheBlob() throws {
        let original = try Data(contentsOf: TestData.embeddedMonaco)
        for length in [6, 20, 150, 70_000, original.count / 2, original.count - 1] {
            let error = try #require(throws: OSMReadError.self) { try readAll(original.prefix(length)) }
            guard case .truncated(_, let expected, let found) = error.kind else {
                Issue.record("cut at \(length): \(error)")
                continue
            }
            #expect(found < expected)
            #expect(error.byteOffset != nil && error.blobIndex != nil)
            #expect(error.description.contains("download or export it again"), "\(error)")
        }
    }

    @Test func truncationMessageIsExact() throws {
        let cut = try Data(contentsOf: TestData.embeddedMonaco).prefix(900_000)
        let error = try #require(throws: OSMReadError.self) { try readAll(cut, name: "monaco.osm.pbf") }
        #expect(error.description == "monaco.osm.pbf: truncated blob at byte 220 (blob 1): expected 1014625 bytes, "
            + "found 899780. The file is incomplete or corrupt; download or export it again.")
    }

    @Test func flippedBytesInMonacoAreReported() throws {
        let original = try Data(contentsOf: TestData.embeddedMonaco)
        // Fixed positions inside compressed payloads keep the test deterministic (a flip in a
        // blob's type name would turn it into an unknown blob, which is legitimately skipped).
        for index in [1_000, 100_000, 500_000, 900_000, 1_300_000, original.count - 10] {
            var data = original
            data[index] ^= 0x5A
            do {
                _ = try readAll(data)
                Issue.record("flipping byte \(index) went unnoticed")
            } catch let error as OSMReadError {
                #expect(error.blobIndex != nil, "\(error)")
            }
        }
    }
}
