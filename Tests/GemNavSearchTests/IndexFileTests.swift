import Foundation
import Testing
@testable import GemNavSearch

@Suite struct IndexFileTests {
    func write(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-file-\(UUID().uuidString).idx")
        try data.write(to: url)
        return url
    }

    @Test func roundTripThroughMappedFile() throws {
        let (builder, index) = try Toy.build()
        let again = try SearchIndex(contentsOf: try write(try builder.encoded()))
        #expect(again.recordCount == index.recordCount)
        #expect(try again.search("villen", limit: 1).first?.title == "Villeneuve")
    }

    @Test func writeReplacesAtomically() throws {
        let (builder, _) = try Toy.build()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-atomic-\(UUID().uuidString).idx")
        try Data("old".utf8).write(to: url)
        let size = try builder.write(to: url)
        #expect(try Data(contentsOf: url).count == size)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(url.lastPathComponent)") }
        #expect(leftovers.isEmpty)
    }

    @Test func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/search.idx")
        #expect(throws: SearchError(.indexMissing, url: url)) { try SearchIndex(contentsOf: url) }
    }

    @Test func flippedByteFailsChecksum() throws {
        var data = try Toy.build().0.encoded()
        data[data.count - 20] ^= 0x40
        let url = try write(data)
        #expect(throws: SearchError(.checksumMismatch, url: url)) { try SearchIndex(contentsOf: url) }
    }

    @Test func truncatedAndForeignFilesAreCorrupt() throws {
        let data = try Toy.build().0.encoded()
        for bad in [data.prefix(data.count - 100), Data("not an index at all, just some text".utf8)] {
            let url = try write(Data(bad))
            #expect {
                try SearchIndex(contentsOf: url)
            } throws: { error in
                guard case .indexCorrupt = (error as? SearchError)?.code else { return false }
                return "\(error)".contains("gemnav import")
            }
        }
    }

    @Test func otherVersionIsRejected() throws {
        var data = try Toy.build().0.encoded()
        data[8] = 99
        let url = try write(data)
        #expect(throws: SearchError(.unsupportedVersion(found: 99, expected: IndexFileWriter.version), url: url)) {
            try SearchIndex(contentsOf: url)
        }
    }
}
