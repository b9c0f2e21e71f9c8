/// A wait on an injected clock whose deadline is fixed when the wait is made, not when it
/// starts: work handed to a new task may start late (a busy machine, a test clock advanced
/// first), and it must still end when it was due.
public struct Deadline: Sendable {
    private let wait: @Sendable () async throws -> Void
    private let passed: @Sendable () -> Bool

    /// A deadline `delay` from `clock`'s now.
    public init(after delay: Duration, on clock: any Clock<Duration>) {
        func make<C: Clock<Duration>>(_ clock: C) -> (@Sendable () async throws -> Void, @Sendable () -> Bool) {
            let due = clock.now.advanced(by: delay)
            return ({
                // Some clocks (swift-clocks' TestClock) still suspend for a deadline equal to now.
                guard clock.now < due else { return }
                try await clock.sleep(until: due, tolerance: nil)
            }, { clock.now >= due })
        }
        (wait, passed) = make(clock)
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { passed() }

    /// Returns once the deadline has passed (at once if it already has).
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    public func reached() async throws {
        try await wait()
    }
}
