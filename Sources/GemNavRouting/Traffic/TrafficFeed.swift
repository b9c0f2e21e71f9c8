import Foundation

/// A segment-speed file an engine follows: `refresh()` re-reads it when its modification time
/// changed and installs the new overlay; a bad file leaves the previous overlay in place. The
/// caller decides when to call it (a server polls every few seconds), so it is tested by
/// calling it, not by waiting.
///
/// Each installed overlay is answered at once by the A* search, and a hierarchy is contracted
/// for its weights by the feed's `contract` runner (one at a time, in the background by
/// default); when it is ready, queries use it. A newer overlay makes an unfinished
/// contraction give up.
public final class TrafficFeed: @unchecked Sendable {
    /// Runs a contraction: `work` is called once, when and where the runner decides.
    public typealias Runner = @Sendable (_ work: @escaping @Sendable () -> Void) -> Void

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
    private let contract: Runner
    private var lastModified: Date?
    private let lock = NSLock()

    /// Follows `url` for `engines` (a server's API and its app sessions each hold one, on the
    /// same graph); nothing is read until the first `refresh()`.
    /// - Parameter contract: runs each overlay's contraction; by default on one background
    ///   queue, so contractions never overlap (two would hold two working graphs at once).
    ///   Tests pass a runner that keeps the work and run it when they choose.
    public init(url: URL, engines: [RoutingEngine], contract: Runner? = nil) {
        self.url = url
        self.engines = engines
        self.contract = contract ?? Self.backgroundQueue()
    }

    /// A runner doing its work in order, each on a thread of its own at idle priority, so
    /// queries (the A* among them, until the work is done) keep the CPU: on Linux the thread
    /// only gets time nothing else wants, elsewhere it has background quality of service.
    public static func backgroundQueue() -> Runner {
        let queue = DispatchQueue(label: "gemnav.traffic-hierarchy", qos: .utility)
        return { work in
            queue.async {
                // Waited for, so contractions stay one at a time; the thread's priority dies with it.
                let done = DispatchSemaphore(value: 0)
                let thread = Thread {
                    #if os(Linux)
                    let schedIdle: Int32 = 5  // SCHED_IDLE of <linux/sched.h>, which Glibc's module leaves out
                    var idle = sched_param(sched_priority: 0)
                    _ = sched_setscheduler(0, schedIdle, &idle)
                    #endif
                    work()
                    done.signal()
                }
                thread.qualityOfService = .background
                thread.start()
                done.wait()
            }
        }
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
            // One contraction per distinct overlay: engines on one graph share it.
            for (i, engine) in engines.enumerated() where !made[..<i].contains(where: { $0 === made[i] }) {
                contract { engine.prepareTrafficHierarchy() }
            }
            return made.first.map { .applied($0.summary) } ?? .unchanged
        } catch {
            return .failed("\(error)")
        }
    }
}
