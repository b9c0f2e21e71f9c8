import Foundation

/// Splitting independent searches (a table's, its points' snapping) over the cores.
enum Parallel {
    /// Threads for `tasks` independent searches: one per core, each with at least 32 tasks,
    /// below which starting a thread costs more than it saves.
    static func workers(tasks: Int) -> Int {
        tasks < 64 ? 1 : max(1, min(cores, tasks / 32))
    }

    /// Read once: Foundation reads the count from /sys and /proc on every call, which cost a
    /// route query (two points to snap) about 5 % of its time.
    private static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Fills slot `i` of a new array with `make(i)` for every `i < count`, on `workers(count)`
    /// threads, each making every `workers`-th slot.
    static func map<T>(_ count: Int, placeholder: T, _ make: (Int) -> T) -> [T] {
        let workers = workers(tasks: count)
        guard workers > 1 else { return (0..<count).map(make) }
        var out = [T](repeating: placeholder, count: count)
        out.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            forEachWorker(workers) { w in
                for i in stride(from: w, to: count, by: workers) { slots[i] = make(i) }
            }
        }
        return out
    }

    /// Runs `body(w)` for `w` in `0..<workers`, on as many threads, and returns when all are
    /// done. `body` may only write state of its own worker or slots no other worker writes.
    static func forEachWorker(_ workers: Int, _ body: (Int) -> Void) {
        guard workers > 1 else { body(0); return }
        withoutActuallyEscaping(body) { body in
            let shared = Unchecked(body)
            DispatchQueue.concurrentPerform(iterations: workers) { shared.value($0) }
        }
    }

    /// A value handed to worker threads; the caller guarantees the workers do not race on it.
    private struct Unchecked<T>: @unchecked Sendable {
        let value: T
        init(_ value: T) { self.value = value }
    }
}
