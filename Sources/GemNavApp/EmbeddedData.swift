import Foundation
import GemNavOSM
import GemNavRouting
import GemNavSearch

/// The Monaco extract shipped in the repository (`Data/monaco.osm.pbf`), imported on first
/// use into a cache directory named after the file's SHA-256, and reused afterwards.
public struct EmbeddedData: Sendable {
    /// The shipped file's name.
    public static let fileName = "monaco.osm.pbf"

    /// Environment variables read (`GEMNAV_DATA`, `XDG_CACHE_HOME`, `HOME`).
    public var environment: [String: String]
    /// The running executable, whose ancestors are searched for `Data/`.
    public var executable: URL?
    /// The working directory, searched last.
    public var currentDirectory: URL

    /// A locator for the current process.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                executable: URL? = Bundle.main.executableURL,
                currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    {
        self.environment = environment
        self.executable = executable
        self.currentDirectory = currentDirectory
    }

    /// The shipped file: `GEMNAV_DATA` (the file, or a directory holding it or `Data/` with
    /// it), else the first ancestor of the executable with `Data/monaco.osm.pbf` (a build runs
    /// from `.build/<config>/gemnav` inside the package), else `./Data/`.
    /// - Throws: `AppError` `.embeddedDataNotFound` listing every place looked at.
    public func locate() throws -> URL {
        var candidates: [URL] = []
        if let env = environment["GEMNAV_DATA"], !env.isEmpty {
            let url = URL(fileURLWithPath: env)
            candidates += [url, url.appendingPathComponent(Self.fileName),
                           url.appendingPathComponent("Data/\(Self.fileName)")]
        }
        if var dir = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            for _ in 0..<8 {
                candidates.append(dir.appendingPathComponent("Data/\(Self.fileName)"))
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        candidates.append(currentDirectory.appendingPathComponent("Data/\(Self.fileName)"))
        var isDirectory: ObjCBool = false
        for url in candidates
        where FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue {
            return url.standardizedFileURL
        }
        throw AppError(.embeddedDataNotFound(searched: candidates.map(\.path)))
    }

    /// `$XDG_CACHE_HOME/gemnav`, else `~/.cache/gemnav`.
    public var cacheRoot: URL {
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("gemnav")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/gemnav")
    }

    /// The imported data for `profile`, importing (graph, then search index) only what the
    /// cache lacks. Each piece is written under a temporary name and renamed into place, so an
    /// interrupted import is redone rather than half-used.
    /// - Parameter progress: stage name and fraction, for a progress bar; called only while
    ///   something is being built.
    /// - Throws: `AppError` `.embeddedDataNotFound` or `.cacheFailed`, or the importer's error.
    public func prepare(profile: Profile, progress: @escaping @Sendable (String, Double) -> Void) throws -> MapData {
        let source = try locate()
        let digest: String
        do {
            digest = SHA256.hex(try Data(contentsOf: source, options: .mappedIfSafe))
        } catch {
            throw AppError(.cacheFailed(path: source.path, reason: error.localizedDescription))
        }
        let root = cacheRoot.appendingPathComponent("monaco-\(digest.prefix(16))")
        let data = MapData(graphDirectory: root.appendingPathComponent(profile.name),
                           searchIndexURL: root.appendingPathComponent(MapData.searchIndexFileName))
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw AppError(.cacheFailed(path: root.path, reason: error.localizedDescription))
        }
        // A cache written by an older GemNav (another graph or index format) is rebuilt.
        if fm.fileExists(atPath: data.graphDirectory.path), (try? RoutingGraph(directory: data.graphDirectory)) == nil {
            try? fm.removeItem(at: data.graphDirectory)
        }
        if fm.fileExists(atPath: data.searchIndexURL.path), (try? SearchIndex(contentsOf: data.searchIndexURL)) == nil {
            try? fm.removeItem(at: data.searchIndexURL)
        }
        if !fm.fileExists(atPath: data.graphDirectory.path) {
            let temp = root.appendingPathComponent(".\(profile.name).\(ProcessInfo.processInfo.processIdentifier).tmp")
            try? fm.removeItem(at: temp)
            _ = try GraphImporter(profile: profile).importGraph(from: source, to: temp, progress: { progress($0, $1) })
            // rename(2) fails if another process finished first; its copy is as good as ours.
            if rename(temp.path, data.graphDirectory.path) != 0 { try? fm.removeItem(at: temp) }
        }
        if !fm.fileExists(atPath: data.searchIndexURL.path) {
            try SearchIndexImport.build(from: source, to: data.searchIndexURL, progress: progress)
        }
        return data
    }
}

/// Builds a search index file from an OSM file, reporting progress like the graph importer.
public enum SearchIndexImport {
    /// Reads `source` and writes the index to `url` (atomically).
    /// - Returns: the index's statistics and file size.
    /// - Throws: `OSMReadError` or `SearchError`.
    @discardableResult
    public static func build(from source: URL, to url: URL,
                             progress: @escaping @Sendable (String, Double) -> Void) throws
        -> (statistics: SearchIndexStatistics, bytes: Int)
    {
        let builder = SearchIndexBuilder()
        let report: (SearchBuildProgress) -> Void = { progress(stageName($0.phase), $0.fraction) }
        try builder.build(from: try OSMReader(contentsOf: source), progress: report)
        let bytes = try builder.write(to: url, progress: report)
        return (try builder.statistics(), bytes)
    }

    private static func stageName(_ phase: SearchBuildProgress.Phase) -> String {
        switch phase {
        case .readingRelations: return "Search: relations"
        case .readingWays: return "Search: ways"
        case .readingNodes: return "Search: nodes"
        case .assembling: return "Search: assembling"
        case .writing: return "Search: writing"
        }
    }
}
