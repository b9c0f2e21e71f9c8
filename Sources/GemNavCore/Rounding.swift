/// Rounding to integers without a libm call.
///
/// `Double.rounded()` calls the C library's `round` on x86-64 (the baseline instruction set
/// has no instruction for rounding half away from zero), and encoding rounds every
/// coordinate and number it writes.
public enum Rounding {
    /// `x.rounded()` (half away from zero) as an integer, for |x| < 2^53: the fraction left
    /// after truncation is exact in floating point, so the result equals `round(x)`.
    @inlinable @inline(__always)
    public static func halfAwayFromZero(_ x: Double) -> Int64 {
        let t = Int64(x)
        let fraction = x - Double(t)
        if fraction >= 0.5 { return t + 1 }
        if fraction <= -0.5 { return t - 1 }
        return t
    }
}
