import Foundation
import GemNavServices
import GemNavCore
import GemNavRouting
import Testing
@testable import gemnav

/// Place arguments, the embedded data's discovery and the cache's content hash.
@Suite struct PlaceAndDataTests {
    func resolver() throws -> PlaceResolver {
        let data = try Fixtures.monaco.get()
        return PlaceResolver(index: try data.loadSearchIndex(), indexPath: data.searchIndexURL.path)
    }

    @Test func coordinatesPassThroughAndNamesResolve() throws {
        let r = try resolver()
        #expect(try r.resolve("43.7384,7.4246").coordinate == Coordinate(latitude: 43.7384, longitude: 7.4246))
        let casino = try r.resolve("Casino de Monte Carlo")
        #expect(casino.name.hasPrefix("Casino de Monte Carlo"))
        #expect(abs(casino.coordinate.latitude - 43.7392) < 0.002)
        // A street and its bus stops share the name: the street wins, it is not ambiguous.
        #expect(try r.resolve("Place du Casino").name.hasPrefix("Place du Casino"))
    }

    @Test func ambiguousNameListsChoicesInsteadOfGuessing() throws {
        do {
            _ = try resolver().resolve("Petit Casino")
            Issue.record("expected an ambiguity")
        } catch let error as AppError {
            guard case .ambiguousPlace(_, let choices) = error.kind else { Issue.record("\(error)"); return }
            #expect(choices.count >= 2)
            #expect(error.description.contains("1. Petit Casino"))
        }
        #expect(throws: AppError.self) { try resolver().resolve("Zzyzx Qwertyuiop") }
        #expect(throws: AppError.self) { try PlaceResolver(index: nil, indexPath: "/none").resolve("Casino") }
    }

    @Test func embeddedDataIsFoundFromEnvironmentExecutableOrWorkingDirectory() throws {
        let nowhere = URL(fileURLWithPath: "/nonexistent-gemnav")
        let viaEnv = EmbeddedData(environment: ["GEMNAV_DATA": Fixtures.repoRoot.appendingPathComponent("Data").path],
                                  executable: nil, currentDirectory: nowhere)
        #expect(try viaEnv.locate() == Fixtures.monacoFile.standardizedFileURL)
        let executable = Fixtures.repoRoot.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/gemnav")
        let viaExecutable = EmbeddedData(environment: [:], executable: executable, currentDirectory: nowhere)
        #expect(try viaExecutable.locate() == Fixtures.monacoFile.standardizedFileURL)
        let viaDirectory = EmbeddedData(environment: [:], executable: nil, currentDirectory: Fixtures.repoRoot)
        #expect(try viaDirectory.locate() == Fixtures.monacoFile.standardizedFileURL)
        let missing = EmbeddedData(environment: [:], executable: nil, currentDirectory: nowhere)
        #expect(throws: CLIError.self) { try missing.locate() }
        #expect(EmbeddedData(environment: ["XDG_CACHE_HOME": "/c"]).cacheRoot.path == "/c/gemnav")
        #expect(EmbeddedData(environment: ["HOME": "/h"]).cacheRoot.path == "/h/.cache/gemnav")
    }

    @Test func sha256MatchesKnownDigests() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func embeddedDataIsImportedOnceThenReused() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let embedded = EmbeddedData(environment: ["XDG_CACHE_HOME": cache.path], executable: nil,
                                    currentDirectory: Fixtures.repoRoot)
        let stages = StageLog()
        let first = try embedded.prepare(profile: .foot, progress: { stage, _ in stages.add(stage) })
        #expect(first.graphDirectory.lastPathComponent == "foot")
        #expect(first.graphDirectory.deletingLastPathComponent().lastPathComponent.hasPrefix("monaco-"))
        #expect(try first.loadSearchIndex() != nil)
        #expect(FileManager.default.fileExists(atPath: first.tilesURL.path), "the map's tile source is built too")
        #expect(first.tilesURL.deletingLastPathComponent() == first.searchIndexURL.deletingLastPathComponent())
        _ = try first.loadEngine()
        let built = stages.count
        #expect(built > 0)
        let second = try embedded.prepare(profile: .foot, progress: { stage, _ in stages.add(stage) })
        #expect(second.graphDirectory.path == first.graphDirectory.path && stages.count == built,
                "the second run reuses the cache")
    }
}

/// Progress stages reported by an import.
final class StageLog: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = NSLock()
    private var stages: [String] = []

    func add(_ stage: String) {
        lock.lock()
        stages.append(stage)
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return stages.count
    }
}
