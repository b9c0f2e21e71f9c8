/// The nearest-rank `q` percentile (0…100) of sorted samples, nil when there are none: the
/// definition OSRM's peer script uses, so every latency GemNav reports (benchmarks, the
/// server's summary line) is read the same way as the peer's.
public func nearestRankPercentile<T>(sorted samples: [T], _ q: Double) -> T? {
    guard !samples.isEmpty else { return nil }
    let rank = Int((q / 100 * Double(samples.count)).rounded(.up))
    return samples[max(0, min(samples.count - 1, rank - 1))]
}
