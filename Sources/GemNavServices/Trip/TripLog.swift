import Foundation
import GemNavCore
import GemNavNavigation
import GemNavStorage

/// Records a navigated trip's fixes in the app store, only with the user's consent (seed 002):
/// while consent is awaited no trip may start, when denied nothing is written. Fixes are
/// written in batches, each one transaction, so a crash loses at most the last batch.
public final class TripLog {
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

    /// A log for one trip on `store`, following its consent.
    /// - Throws: `AppError.consentAwaited` while consent is undecided (ask first), or the
    ///   store's `StorageError`.
    public static func open(_ store: AppStore) throws -> TripLog {
        switch try store.consent {
        case .awaiting: throw AppError(.consentAwaited(store: store.path))
        case .denied: return TripLog(store: store, denied: true)
        case .granted: return TripLog(store: store, denied: false)
        }
    }

    /// One line on what is (or was) recorded.
    public var note: String {
        if denied { return "Recording: off (consent denied)." }
        if let finished {
            let km = String(format: "%.1f", (finished.distance ?? 0) / 1000)
            return "Recorded trip \(finished.id): \(finished.fixCount) fixes, \(km) km "
                + "(gemnav trips export \(finished.id) --gpx FILE)."
        }
        return "Recording: on (\(store.path))."
    }

    /// Queues a fix, writing a batch when full; the trip starts at the first fix's time.
    public func add(_ fix: LocationFix) throws {
        guard !denied else { return }
        if trip == nil {
            trip = try recorder.startTrip(at: fix.timestamp)
        }
        pending.append(TripFix(coordinate: fix.coordinate,
                               horizontalAccuracy: fix.horizontalAccuracy >= 0 ? fix.horizontalAccuracy : nil,
                               speed: fix.speed, course: fix.course.map { $0.truncatingRemainder(dividingBy: 360) },
                               timestamp: fix.timestamp))
        if pending.count >= Self.batchSize { try flush() }
    }

    /// Writes what is queued and closes the trip with its names.
    public func finish(at date: Date, origin: String, destination: String) throws {
        try flush()
        guard let trip else { return }
        finished = try recorder.finishTrip(trip, at: date, originName: origin, destinationName: destination)
    }

    private func flush() throws {
        guard let trip, !pending.isEmpty else { return }
        let batch = pending
        pending = []
        _ = try recorder.append(batch, to: trip)
    }
}
