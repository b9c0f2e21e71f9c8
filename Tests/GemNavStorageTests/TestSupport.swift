import Foundation
import GemNavCore
import GemNavStorage

/// A fresh folder under the system temp directory, removed when the value is released.
final class TempFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("GemNavStorageTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A store with consent granted and its recorder.
func grantedRecorder() throws -> TripRecorder {
    let store = try AppStore.inMemory()
    try store.setConsent(.granted)
    return TripRecorder(store: store)
}

/// `count` fixes one second apart heading north from Monaco, about 11 m apart.
func northboundFixes(count: Int, from start: Date, latitude: Double = 43.73) -> [TripFix] {
    (0..<count).map { i in
        TripFix(coordinate: Coordinate(latitude: latitude + Double(i) * 0.0001, longitude: 7.42),
                horizontalAccuracy: 5, speed: 11, course: 0,
                timestamp: start.addingTimeInterval(Double(i)))
    }
}
