import Foundation
import GemNavCore

/// Which provider is answering route requests, for the notice the app shows.
public enum RoutingSource: Sendable, Hashable {
    /// The chosen provider (a server, usually).
    case primary(name: String)
    /// The fallback (the embedded engine), because the chosen one failed or was too slow.
    case fallback(name: String, primary: String, reason: String)

    /// One sentence for the user.
    public var notice: String {
        switch self {
        case .primary(let name):
            return "Routing with \(name)."
        case .fallback(let name, let primary, let reason):
            return "\(primary.prefix(1).uppercased())\(primary.dropFirst()) is not answering (\(reason)); routing with \(name) until it does."
        }
    }
}

/// Routes with a chosen provider (an OSRM or Valhalla server) and, when it is down or slower
/// than `patience`, answers at once from the fallback (the embedded engine) instead. Every
/// request tries the chosen provider first, so routing goes back to it as soon as it answers
/// again. A "no route" answer is an answer, not an outage: it is passed on, not retried.
public struct FallbackRouteProvider: RouteProvider {
    /// The provider the user chose.
    public let primary: any RouteProvider
    /// The provider used while the chosen one fails.
    public let fallback: any RouteProvider
    /// How long the chosen provider may take before the fallback answers.
    public let patience: Duration
    private let clock: any Clock<Duration>
    private let state: SourceState

    /// Creates the pair; `onChange` hears every switch between the two (and the first answer).
    public init(primary: any RouteProvider, fallback: any RouteProvider, patience: Duration = .seconds(3),
                clock: any Clock<Duration> = ContinuousClock(),
                onChange: @escaping @Sendable (RoutingSource) -> Void = { _ in })
    {
        self.primary = primary
        self.fallback = fallback
        self.patience = patience
        self.clock = clock
        state = SourceState(onChange: onChange)
    }

    /// The chosen provider's name.
    public var name: String { primary.name }

    /// Who answered the latest request, nil before the first.
    public var source: RoutingSource? { state.current }

    /// The chosen provider's routes, or the fallback's when it fails or is too slow.
    public func routes(for query: RouteQuery) async throws -> [Route] {
        let primary = primary
        let deadline = Deadline(after: patience, on: clock)
        // Two unstructured tasks race; the first to finish answers. A task group would wait for
        // a server that ignores cancellation, and the point is not to wait for it.
        let answer = FirstAnswer()
        let request = Task {
            do { answer.give(.success(try await primary.routes(for: query))) } catch { answer.give(.failure(error)) }
        }
        let timer = Task {
            try? await deadline.reached()
            answer.give(nil)
        }
        let outcome = await answer.value
        request.cancel()
        timer.cancel()
        let reason: String
        switch outcome {
        case .success(let routes)?:
            state.set(.primary(name: primary.name))
            return routes
        case .failure(let error)? where !Self.isOutage(error):
            state.set(.primary(name: primary.name))
            throw error
        case .failure(let error)?:
            reason = Self.reason(error)
        case nil:
            reason = "no answer within \(patience.components.seconds) s"
        }
        state.set(.fallback(name: fallback.name, primary: primary.name, reason: reason))
        return try await fallback.routes(for: query)
    }

    /// The cause of an outage in a few words (the provider's name is said elsewhere).
    static func reason(_ error: any Error) -> String {
        guard let error = error as? AppError else { return String(describing: error) }
        switch error.kind {
        case .serverUnreachable(_, let reason): return reason
        case .invalidServerResponse(_, let reason): return "unusable answer: \(reason)"
        default: return error.description
        }
    }

    /// Whether `error` means the provider is unusable (rather than "there is no route").
    static func isOutage(_ error: any Error) -> Bool {
        guard let error = error as? AppError else { return true }
        if case .noRoute = error.kind { return false }
        return true
    }
}

/// The latest routing source, reporting changes.
private final class SourceState: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`; `onChange` is Sendable.
    private let lock = NSLock()
    private var value: RoutingSource?
    private let onChange: @Sendable (RoutingSource) -> Void

    init(onChange: @escaping @Sendable (RoutingSource) -> Void) { self.onChange = onChange }

    var current: RoutingSource? { lock.withLock { value } }

    func set(_ source: RoutingSource) {
        let changed: Bool = lock.withLock {
            let changed = !Self.sameKind(value, source)
            value = source
            return changed
        }
        if changed { onChange(source) }
    }

    /// Primary after primary, or fallback after fallback, is no news whatever the reason.
    private static func sameKind(_ a: RoutingSource?, _ b: RoutingSource) -> Bool {
        switch (a, b) {
        case (.primary?, .primary), (.fallback?, .fallback): return true
        default: return false
        }
    }
}

/// The first answer given (a result, or nil for "too slow"); later ones are ignored.
private final class FirstAnswer: @unchecked Sendable {
    typealias Answer = Result<[Route], any Error>?
    // @unchecked: the fields are only touched under `lock`.
    private let lock = NSLock()
    private var isGiven = false
    private var answer: Answer = nil
    private var waiting: CheckedContinuation<Answer, Never>?

    /// Records `value` if it is the first answer, and hands it to the waiter.
    func give(_ value: Answer) {
        let waiter: CheckedContinuation<Answer, Never>? = lock.withLock {
            guard !isGiven else { return nil }
            (isGiven, answer) = (true, value)
            defer { waiting = nil }
            return waiting
        }
        waiter?.resume(returning: value)
    }

    /// The first answer, once there is one.
    var value: Answer {
        get async {
            await withCheckedContinuation { continuation in
                let ready: Bool = lock.withLock {
                    if !isGiven { waiting = continuation }
                    return isGiven
                }
                if ready { continuation.resume(returning: lock.withLock { answer }) }
            }
        }
    }
}
