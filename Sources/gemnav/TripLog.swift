import Foundation
import GemNavCore
import GemNavNavigation
import GemNavStorage

/// Records a navigated trip's fixes in the app store, only with the user's consent.
final class TripLog {
    private let recorder: TripRecorder
    private let store: AppStore
    private var trip: TripID?
    private var pending: [TripFix] = []
    private var finished: TripSummary?
    private let denied: Bool

    /// Fixes written per transaction (each transaction is a disk sync).
    static let batchSize = 30

    private init(store: AppStore, denied: Bool) {
        self.store = store
        self.denied = denied
        recorder = TripRecorder(store: store)
    }

    /// Opens the store and checks the consent.
    /// - Throws: `CLIError` while consent is undecided, saying how to decide or skip recording.
    static func open(store options: StoreOptions) throws -> TripLog {
        let store = try options.open()
        switch try CLIError.wrap({ try store.consent }) {
        case .awaiting:
            throw CLIError(description: """
                Location recording consent has not been given yet (store: \(store.path)).
                Decide once with `gemnav consent grant` (record trips) or `gemnav consent deny`, \
                or pass --no-record to navigate without recording.
                """)
        case .denied: return TripLog(store: store, denied: true)
        case .granted: return TripLog(store: store, denied: false)
        }
    }

    /// One line on what is (or was) recorded.
    var note: String {
        if denied { return "Recording: off (consent denied)." }
        if let finished {
            let km = String(format: "%.1f", (finished.distance ?? 0) / 1000)
            return "Recorded trip \(finished.id): \(finished.fixCount) fixes, \(km) km "
                + "(gemnav trips export \(finished.id) --gpx FILE)."
        }
        return "Recording: on (\(store.path))."
    }

    /// Queues a fix, writing a batch when full; the trip starts at the first fix's time.
    func add(_ fix: LocationFix) throws {
        guard !denied else { return }
        if trip == nil {
            trip = try CLIError.wrap { try recorder.startTrip(at: fix.timestamp) }
        }
        pending.append(TripFix(coordinate: fix.coordinate,
                               horizontalAccuracy: fix.horizontalAccuracy >= 0 ? fix.horizontalAccuracy : nil,
                               speed: fix.speed, course: fix.course.map { $0.truncatingRemainder(dividingBy: 360) },
                               timestamp: fix.timestamp))
        if pending.count >= Self.batchSize { try flush() }
    }

    /// Writes what is queued and closes the trip with its names.
    func finish(at date: Date, origin: String, destination: String) throws {
        try flush()
        guard let trip else { return }
        finished = try CLIError.wrap {
            try recorder.finishTrip(trip, at: date, originName: origin, destinationName: destination)
        }
    }

    private func flush() throws {
        guard let trip, !pending.isEmpty else { return }
        let batch = pending
        pending = []
        _ = try CLIError.wrap { try recorder.append(batch, to: trip) }
    }
}
