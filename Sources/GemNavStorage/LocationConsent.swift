import Foundation

/// The user's answer to "may GemNav record your trips (the GPS log)?".
///
/// Navigation itself never depends on the answer: only recording does.
public enum LocationConsent: String, Sendable, Codable, Hashable, CaseIterable {
    /// No decision yet; the state of a fresh store. The app should ask before recording.
    case awaiting
    /// The user allowed recording: trips started from now on are stored.
    case granted
    /// The user refused: the user still navigates, nothing is recorded.
    case denied
}

/// The stored consent together with when it was decided.
public struct ConsentDecision: Sendable, Hashable {
    /// The current answer.
    public var consent: LocationConsent
    /// When the answer was set with `AppStore.setConsent(_:at:deletingRecordedTrips:)`;
    /// nil while the store still holds its initial `awaiting`.
    public var decidedAt: Date?

    /// Creates a decision.
    public init(consent: LocationConsent, decidedAt: Date?) {
        self.consent = consent
        self.decidedAt = decidedAt
    }
}
