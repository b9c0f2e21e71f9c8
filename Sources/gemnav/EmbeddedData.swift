import Foundation
import GemNavServices
import GemNavOSM
import GemNavRouting
import GemNavSearch
import GemNavTiles

/// The Monaco extract shipped in the repository (`Data/monaco.osm.pbf`), imported on first
/// use into a cache directory named after the file's SHA-256, and reused afterwards.
struct EmbeddedData: Sendable {
    /// The shipped file's name.
    static let fileName = "monaco.osm.pbf"

    /// Environment variables read (`GEMNAV_DATA`, `XDG_CACHE_HOME`, `HOME`).
    var environment: [String: String]
    /// The running executable, whose ancestors are searched for `Data/`.
    var executable: URL?
    /// The working directory, searched last.
    var currentDirectory: URL

    /// A locator for the current process.
    init(environment: [String: String] = ProcessInfo.processInfo.environment,
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
    /// - Throws: `CLIError` listing every place looked at.
    func locate() throws -> URL {
        var candidates: [URL] = []
        if let env = environment["GEMNAV_DATA"], !env.isEmpty {
            let url = URL(fileURLWithPath: env)
            candidates += [url, url.appendingPathComponent(Self.fileName),
                           url.appendingPathComponent("Data/\(Self.fileName)")]
        }
        candidates += besideExecutable("Data/\(Self.fileName)")
        var isDirectory: ObjCBool = false
        for url in candidates
        where FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue {
            return url.standardizedFileURL
        }
        throw CLIError(description: "The embedded map data (Data/\(Self.fileName)) was not found; looked in: "
            + candidates.map(\.path).joined(separator: ", ")
            + ". Set GEMNAV_DATA to the file (or its Data directory), or pass --data DIR made by `gemnav import`.")
    }

    /// `relative` under each ancestor of the executable (a build runs from
    /// `.build/<config>/gemnav` inside the package), then under the working directory.
    func besideExecutable(_ relative: String) -> [URL] {
        var candidates: [URL] = []
        if var dir = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            for _ in 0..<8 {
                candidates.append(dir.appendingPathComponent(relative))
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        return candidates + [currentDirectory.appendingPathComponent(relative)]
    }

    /// The web app's files: `GEMNAV_WEB`, else the first `web/` holding `index.html` beside the
    /// executable or in the working directory; nil when there is none.
    func webDirectory() -> URL? {
        let env = environment["GEMNAV_WEB"].map { [URL(fileURLWithPath: $0)] } ?? []
        let dirs = env + besideExecutable("web")
        return dirs.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }
    }

    /// `$XDG_CACHE_HOME/gemnav`, else `~/.cache/gemnav`.
    var cacheRoot: URL {
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("gemnav")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/gemnav")
    }

    /// The imported data for `profile`, importing (graph, search index, map tiles) only what
    /// the cache lacks. Each piece is written under a temporary name and renamed into place, so an
    /// interrupted import is redone rather than half-used.
    /// - Parameter progress: stage name and fraction, for a progress bar; called only while
    ///   something is being built.
    /// - Throws: `CLIError` when the file is missing or the cache cannot be written, or the
    ///   importer's error.
    func prepare(profile: Profile, progress: @escaping @Sendable (String, Double) -> Void) throws -> MapData {
        let source = try locate()
        let digest: String
        do {
            digest = SHA256.hex(try Data(contentsOf: source, options: .mappedIfSafe))
        } catch {
            throw Self.cacheFailed(source, error)
        }
        let root = cacheRoot.appendingPathComponent("monaco-\(digest.prefix(16))")
        let data = MapData(graphDirectory: root.appendingPathComponent(profile.name),
                           searchIndexURL: root.appendingPathComponent(MapData.searchIndexFileName))
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw Self.cacheFailed(root, error)
        }
        // A cache written by an older GemNav (another graph or index format) is rebuilt.
        if fm.fileExists(atPath: data.graphDirectory.path), (try? RoutingGraph(directory: data.graphDirectory)) == nil {
            try? fm.removeItem(at: data.graphDirectory)
        }
        if fm.fileExists(atPath: data.searchIndexURL.path), (try? SearchIndex(contentsOf: data.searchIndexURL)) == nil {
            try? fm.removeItem(at: data.searchIndexURL)
        }
        if fm.fileExists(atPath: data.tilesURL.path), (try? TileSource(contentsOf: data.tilesURL)) == nil {
            try? fm.removeItem(at: data.tilesURL)
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
        if !fm.fileExists(atPath: data.tilesURL.path) {
            try TileSourceImport.build(from: source, to: data.tilesURL, progress: progress)
        }
        return data
    }

    private static func cacheFailed(_ url: URL, _ error: any Error) -> CLIError {
        CLIError(description: "Could not prepare the map data cache at \(url.path): \(error.localizedDescription).")
    }
}
