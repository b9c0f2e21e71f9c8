import Foundation
import GemNavRides

/// The terminal view of a ride: a log line per state, fare and error; the driver's car on one
/// status line redrawn in place on a terminal, or a line every `driverInterval` simulated
/// seconds otherwise, so logs stay readable.
final class RideView {
    private let terminal: Bool
    private var statusShown = false
    private var lastDriverLine = -Double.infinity
    private var stateName = RideStateName.idle

    /// Simulated seconds between two driver lines when not on a terminal.
    static let driverInterval = 15.0

    init(terminal: Bool) { self.terminal = terminal }

    /// Prints the ride's title.
    func header(_ text: String) { emit(text) }

    /// Shows one update.
    func show(_ update: RideUpdate) {
        switch update.kind {
        case .state(let state):
            stateName = state.name
            emit(stamp(update.t) + "state     " + Self.describe(state))
        case .driver(let d):
            let line = stamp(update.t) + String(format: "driver    %.5f,%.5f  heading %3.0f°  ", d.position.latitude,
                                                d.position.longitude, d.heading)
                + "\(Self.minutes(d.eta)) to the \(stateName == .rideInProgress || stateName == .approachingDestination ? "destination" : "pickup")"
            if terminal {
                FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + line).utf8))
                statusShown = true
            } else if update.t - lastDriverLine >= Self.driverInterval {
                lastDriverLine = update.t
                emit(line)
            }
        case .fare(let fare):
            emit(stamp(update.t) + "fare      \(fare.kind.rawValue) \(fare.text) (\(fare.rideClass.rawValue), "
                + String(format: "%.1f km, %@)", fare.distance / 1000, Self.minutes(fare.duration)))
        case .error(let error):
            emit(stamp(update.t) + "error     \(error.description)")
        case .finished(let ride):
            emit(stamp(update.t) + "history   ride \(ride.rideId) saved as \(ride.outcome.rawValue)")
        }
    }

    /// Prints how the ride ended.
    func finish(_ state: RideState, store: String) {
        switch state {
        case .rideCompleted(let id, _, _, let fare): emit("Ride \(id) completed: \(fare.text). History: gemnav rides (\(store)).")
        case .idle: emit("Ride cancelled. History: gemnav rides (\(store)).")
        default: emit("The ride did not complete.")
        }
    }

    /// A state in words with its key data.
    static func describe(_ state: RideState) -> String {
        var text = state.name.rawValue
        switch state {
        case .routeReady(let plan):
            text += String(format: ": %.1f km, %@, estimate %@", plan.route.distance / 1000,
                           minutes(plan.route.duration), plan.estimate.text)
        case .searchingForDriver(let id, _), .submittingRequest(let id, _):
            text += " (ride \(id))"
        case .driverAssigned(_, _, let d):
            text += ": \(d.name), \(d.car), \(d.plate), ★ \(String(format: "%.1f", d.rating))"
        case .error(let error, let from):
            text += " in \(from.name.rawValue): \(error.description)"
        default: break
        }
        return text
    }

    static func minutes(_ seconds: Double) -> String {
        seconds < 60 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }

    private func stamp(_ t: Double) -> String { String(format: "[%6.0f s] ", t) }

    private func emit(_ line: String) {
        let prefix = statusShown ? "\r\u{1B}[K" : ""
        statusShown = false
        FileHandle.standardOutput.write(Data((prefix + line + "\n").utf8))
    }
}
