import Foundation

/// Where the session reads the current time (for ETAs, event times and reroute spacing).
/// Injected so that tests and simulations are deterministic and never sleep.
public protocol NavigationClock: AnyObject, Sendable {
    /// The current time.
    var now: Date { get }
}

/// The device's wall clock.
public final class SystemClock: NavigationClock, Sendable {
    /// Creates a wall clock.
    public init() {}
    /// `Date()`.
    public var now: Date { Date() }
}

/// A clock that only moves when told to; simulations set it to each fix's timestamp.
public final class ManualClock: NavigationClock, @unchecked Sendable {
    // @unchecked: `time` is only read and written under `lock`.
    private let lock = NSLock()
    private var time: Date

    /// Creates a clock stopped at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        time = start
    }

    /// The current time.
    public var now: Date { lock.withLock { time } }

    /// Moves the clock forward (negative values are ignored: time never runs backwards).
    public func advance(by seconds: TimeInterval) {
        if seconds > 0 { lock.withLock { time = time.addingTimeInterval(seconds) } }
    }

    /// Sets the clock to `date` (a replayed track may start at any time; the session itself
    /// keeps event times from running backwards).
    public func set(to date: Date) {
        lock.withLock { time = date }
    }
}
