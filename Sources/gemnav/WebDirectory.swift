import Foundation

/// Finds the web app's folder (`web/`, with `vendor/` made by `scripts/setup-web.sh`) the
/// way `EmbeddedData` finds `Data/`: beside the package the executable was built in (a
/// build runs from `.build/<config>/gemnav` inside it), else in the working directory.
enum WebDirectory {
    /// The first ancestor of `executable` holding `web/`, else `currentDirectory/web` if it
    /// exists, else nil.
    static func locate(executable: URL? = Bundle.main.executableURL,
                       currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> URL?
    {
        var candidates: [URL] = []
        if var dir = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            for _ in 0..<8 {
                candidates.append(dir.appendingPathComponent("web"))
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        candidates.append(currentDirectory.appendingPathComponent("web"))
        var isDirectory: ObjCBool = false
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }?.standardizedFileURL
    }
}
