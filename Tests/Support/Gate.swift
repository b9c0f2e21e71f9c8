/// Holds back a fake service until the test opens it; waiting on an opened gate returns at
/// once, so it does not matter whether the service or the test gets there first.
public actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A closed gate.
    public init() {}
    /// How many callers have reached the gate.
    public private(set) var arrivals = 0

    /// Waits until the gate is opened.
    public func wait() async {
        arrivals += 1
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Lets every waiter, present and future, through.
    public func open() {
        isOpen = true
        for w in waiting { w.resume() }
        waiting = []
    }

    /// Waits until `count` callers have reached the gate.
    public func arrived(_ count: Int) async {
        while arrivals < count { await Task.yield() }
    }
}
