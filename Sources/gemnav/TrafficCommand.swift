import ArgumentParser
import Foundation
import GemNavRouting

/// `gemnav traffic`: installs live speeds (OSRM's segment-speed CSV) beside a graph, so
/// `route`, `table` and `serve` on that directory use them without re-importing.
struct TrafficCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traffic",
        abstract: "Install traffic speeds (OSRM segment-speed CSV) for a graph, or clear them.",
        discussion: """
            Each line is FROM_OSM_NODE,TO_OSM_NODE,SPEED_KMH[,RATE] for one driving direction of one \
            OSM segment, as OSRM's --segment-speed-file: speed 0 closes the segment; without a rate \
            the weight follows the new duration, an empty rate keeps the weight, a rate (m/s) sets \
            weight = length / rate. The file is checked completely before anything is installed; node \
            pairs not in the graph are counted, not fatal. The overlay is written atomically to \
            DIR/traffic.gemnav and used by every later command on DIR at once (by an A* search); then \
            a hierarchy is contracted for the new speeds in a background process (log in \
            DIR/traffic-hierarchy.log) and stored as DIR/traffic-hierarchy.gemnav, after which routes \
            under this traffic are as fast as without. --contract waits for it instead; --contract \
            without a file contracts for the overlay already installed.
            """)

    @Option(help: "Data directory made by `gemnav import`.")
    var data: String

    @Flag(help: "Remove the installed speeds: routes use the imported ones again.")
    var clear = false

    @Flag(help: "Contract the hierarchy for the speeds in this process and wait for it (without a file: for the speeds installed).")
    var contract = false

    @Flag(help: "Install the speeds only: routes under them use the A* search until `--contract` is run.")
    var noContract = false

    @Option(help: ArgumentHelp("Node order of the contraction: imported (keep the import's, faster) or fresh.", visibility: .hidden))
    var order: TrafficHierarchy.Order = .imported

    @Argument(help: "The segment-speed CSV file.")
    var file: String?

    func validate() throws {
        if clear && (file != nil || contract || noContract) { throw ValidationError("--clear takes no file and no other flag.") }
        if !clear && file == nil && !contract { throw ValidationError("Give a CSV file, --contract or --clear.") }
        if contract && noContract { throw ValidationError("Give --contract or --no-contract, not both.") }
    }

    func run() throws {
        let directory = URL(fileURLWithPath: data)
        if clear {
            let removed = try CLIError.wrap { try TrafficFile.clear(in: directory) }
            print(removed ? "Cleared the traffic speeds in \(data): routes use the imported speeds."
                : "No traffic speeds were installed in \(data).")
            return
        }
        if let file { try install(file, into: directory) }
        if contract {
            try contractHierarchy(in: directory)
        } else if !noContract {
            try startContraction(in: directory)
        }
    }

    private func install(_ file: String, into directory: URL) throws {
        let start = ContinuousClock.now
        let graph = try CLIError.wrap { try RoutingGraph(directory: directory) }
        let overlay = try CLIError.wrap {
            try TrafficOverlay(SpeedUpdates(contentsOf: URL(fileURLWithPath: file)), graph: graph)
        }
        try CLIError.wrap { try TrafficFile.install(overlay, into: directory) }
        let s = overlay.summary
        print("""
            Installed traffic from \(file) into \(data) in \(Self.seconds(since: start)):
              \(s.lines) lines, \(s.matchedSegments) segments matched, \(s.unknownSegments) unknown (not drivable in this graph)
              \(s.changedEdges) directed edges changed, \(s.closedEdges) closed; search guidance \(String(format: "%.2f", overlay.potentialScale)) (1 = best)
            `gemnav traffic --data \(data) --clear` restores the imported speeds.
            """)
    }

    /// Contracts and stores the hierarchy for the installed overlay. A newer overlay installed
    /// meanwhile makes the work useless: it stops, and a stored result would be ignored anyway.
    private func contractHierarchy(in directory: URL) throws {
        let start = ContinuousClock.now
        let engine = try CLIError.wrap { try RoutingEngine(directory: directory) }
        guard let overlay = try CLIError.wrap({ try TrafficFile.load(from: directory, graph: engine.graph) }) else {
            throw CLIError(description: "No traffic is installed in \(data): run `gemnav traffic --data \(data) FILE.csv` first.")
        }
        engine.traffic = overlay
        if engine.trafficHierarchyIsReady {
            print("The traffic in \(data) has its hierarchy already.")
            return
        }
        let installed = Self.stamp(directory)
        // Checked again before writing: a late write for replaced speeds would overwrite the
        // hierarchy of the newer ones.
        guard engine.prepareTrafficHierarchy(order: order, cancelled: { Self.stamp(directory) != installed }),
              let hierarchy = overlay.hierarchy, Self.stamp(directory) == installed
        else {
            print("The traffic in \(data) was replaced while its hierarchy was contracted; the newer one needs its own.")
            return
        }
        try CLIError.wrap { try hierarchy.write(into: directory) }
        print("Contracted the hierarchy for the traffic in \(data) in \(Self.seconds(since: start)) (\(hierarchy.arcCount) arcs): routes under it are as fast as without traffic.")
    }

    /// Runs `gemnav traffic --data DIR --contract` in a process of its own that outlives this
    /// one, as `git gc --auto` does, at a lower priority: the speeds are in use already, and the
    /// contraction (a few seconds on a city) should delay neither the caller nor its routes.
    private func startContraction(in directory: URL) throws {
        let log = directory.appendingPathComponent("traffic-hierarchy.log")
        let process = Process()
        process.executableURL = Bundle.main.executableURL
        process.arguments = ["traffic", "--data", data, "--contract", "--order", order.rawValue]
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
              let output = try? FileHandle(forWritingTo: log)
        else { throw CLIError(description: "Could not write \(log.path).") }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CLIError(description: "Could not start the contraction (\(error.localizedDescription)); run `gemnav traffic --data \(data) --contract`.")
        }
        // Routes asked meanwhile (the A* under heavy traffic is CPU-bound) come first: on Linux
        // the contraction only gets the CPU time nothing else wants (even a `nice -n 19` route
        // would otherwise share a core with it evenly); elsewhere it runs 10 nice levels lower.
        #if os(Linux)
        let schedIdle: Int32 = 5  // SCHED_IDLE of <linux/sched.h>, which Glibc's module leaves out
        var idle = sched_param(sched_priority: 0)
        _ = sched_setscheduler(process.processIdentifier, schedIdle, &idle)
        #else
        errno = 0
        let nice = getpriority(PRIO_PROCESS, 0)
        if errno == 0 { setpriority(PRIO_PROCESS, id_t(process.processIdentifier), min(19, nice + 10)) }
        #endif
        print("Contracting the hierarchy for these speeds in the background (log: \(log.path)); until it is ready, routes under them use the A* search.")
    }

    /// When and what the installed overlay file was last written.
    private static func stamp(_ directory: URL) -> [FileAttributeKey: AnyHashable] {
        let path = directory.appendingPathComponent(TrafficFile.fileName).path
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        return attributes.filter { $0.key == .modificationDate || $0.key == .systemFileNumber }.compactMapValues { $0 as? AnyHashable }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = (ContinuousClock.now - start).components
        return String(format: "%.2f s", Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }
}

extension TrafficHierarchy.Order: ExpressibleByArgument {}
