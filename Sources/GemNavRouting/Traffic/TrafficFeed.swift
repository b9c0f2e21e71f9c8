import Foundation

/// A segment-speed file an engine follows: `refresh()` re-reads it when its modification time
/// changed and installs the new overlay; a bad file leaves the previous overlay in place. The
/// caller decides when to call it (a server polls every few seconds), so it is tested by
/// calling it, not by waiting.
public final class TrafficFeed: @unchecked Sendable {
    /// What one refresh did.
    public enum Outcome: Sendable, Equatable {
        /// The file is as last read.
        case unchanged
        /// The file was read and its overlay is in use.
        case applied(TrafficSummary)
        /// The file could not be used; the engine keeps its previous overlay.
        case failed(String)
    }

    /// The file followed.
    public let url: URL
    private let engines: [RoutingEngine]
    private var lastModified: Date?
    private let lock = NSLock()

    /// Follows `url` for `engines` (a server's API and its app sessions each hold one, on the
    /// same graph); nothing is read until the first `refresh()`.
    public init(url: URL, engines: [RoutingEngine]) {
        self.url = url
        self.engines = engines
    }

    /// Reads the file if it changed since the last refresh and installs its overlay.
    public func refresh() -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        let modified: Date
        do {
            modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date ?? Date()
        } catch {
            if lastModified == .distantPast { return .unchanged }
            lastModified = .distantPast
            return .failed(TrafficError(.unreadable(url.path, "the file is missing")).description)
        }
        guard modified != lastModified else { return .unchanged }
        lastModified = modified
        do {
            let updates = try SpeedUpdates(contentsOf: url)
            var made: [TrafficOverlay] = []
            for engine in engines {
                // Engines mapping the same graph share one overlay.
                let fingerprint = engine.graph.trafficFingerprint
                let overlay = try made.first { $0.graphFingerprint == fingerprint }
                    ?? TrafficOverlay(updates, graph: engine.graph)
                made.append(overlay)
            }
            for (engine, overlay) in zip(engines, made) { engine.traffic = overlay }
            return made.first.map { .applied($0.summary) } ?? .unchanged
        } catch {
            return .failed("\(error)")
        }
    }
}
