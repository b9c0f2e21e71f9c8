import GemNavCore

/// A minimal streaming JSON writer into a byte buffer.
///
/// Route responses are written on every query and benchmarked against OSRM, so this avoids
/// `JSONEncoder`'s reflection and `String(format:)`: numbers are rounded to a fixed number of
/// decimals and printed with integer arithmetic, trailing zeros trimmed (OSRM's style).
/// Commas are inserted automatically; callers only open, write and close.
///
/// The writer is non-copyable: it owns its buffer outright, so appending a byte is a store
/// and an increment, with none of the uniqueness and capacity checks an `Array` append makes
/// per byte (those dominated encoding). It is Sendable because nothing else can reach the
/// buffer.
public struct JSONWriter: ~Copyable, @unchecked Sendable {
    var base: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int
    /// Whether the next value or key must be preceded by a comma.
    var needsComma = false

    /// 10^d for d in 0…9, without the lazy-global check a static array costs per number.
    @inline(__always)
    private static func powerOfTen(_ d: Int) -> Int64 {
        switch d {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        default: return 1_000_000_000
        }
    }

    /// Creates an empty writer with room for `capacity` bytes.
    public init(capacity: Int = 4096) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The UTF-8 JSON written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The JSON written so far as a string.
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Opens an object (`{`).
    public mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the current object (`}`).
    public mutating func endObject() {
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (`[`).
    public mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the current array (`]`).
    public mutating func endArray() {
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key that needs no escaping (a literal in the code).
    @inline(__always)
    public mutating func key(_ name: StaticString) {
        let n = name.utf8CodeUnitCount, source = name.utf8Start
        reserve(n + 4)
        // Keys are a few bytes: a plain loop beats a call to memmove.
        var out = base + count
        if needsComma {
            out.pointee = UInt8(ascii: ",")
            out += 1
        }
        out.pointee = UInt8(ascii: "\"")
        for i in 0..<n { out[i + 1] = source[i] }
        out[n + 1] = UInt8(ascii: "\"")
        out[n + 2] = UInt8(ascii: ":")
        count = out + n + 3 - base
        needsComma = false
    }

    /// Writes an object key from arbitrary text, escaped. (Labelled so that literal keys
    /// pick the unescaped `StaticString` overload: Swift prefers `String` for literals.)
    public mutating func key(text name: String) {
        string(name)
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value, escaping quotes, backslashes and control characters.
    public mutating func string(_ value: String) {
        separate()
        // Scan the contiguous UTF-8 and copy clean runs whole: almost every string (names,
        // polylines, instructions) needs no escaping at all. Native strings are read in
        // place; only others are copied into contiguous form first.
        if value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var text = value
            text.withUTF8 { appendEscaped($0) }
        }
        needsComma = true
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        append(quote)
        var start = 0
        var i = 0
        var tailChecked = false
        let count = utf8.count
        while i < count {
            // Skip clean bytes eight at a time: responses are mostly long clean strings
            // (polylines, instructions, SSML), so the byte loop below rarely runs.
            if i + 8 <= count {
                let word = UnsafeRawPointer(utf8.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if !Self.needsEscaping(word) {
                    i += 8
                    continue
                }
            } else if count >= 8 && !tailChecked {
                // The last few bytes: test the final eight (overlapping what was already
                // scanned) instead of walking them one by one.
                tailChecked = true
                let word = UnsafeRawPointer(utf8.baseAddress! + count - 8).loadUnaligned(as: UInt64.self)
                if !Self.needsEscaping(word) { break }
            }
            let b = utf8[i]
            i += 1
            if b >= 0x20 && b != quote && b != backslash { continue }
            if i - 1 > start { append(UnsafeBufferPointer(rebasing: utf8[start..<(i - 1)])) }
            start = i
            switch b {
            case quote, backslash: append(backslash, b)
            case 0x0A: append(backslash, UInt8(ascii: "n"))
            case 0x0D: append(backslash, UInt8(ascii: "r"))
            case 0x09: append(backslash, UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                for c in [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(b >> 4)],
                          hex[Int(b & 0xF)]] { append(c) }
            }
        }
        if start < count { append(UnsafeBufferPointer(rebasing: utf8[start...])) }
        append(quote)
    }

    /// Whether any of eight bytes is a control character, `"` or `\\` (the classic
    /// "has zero byte" and "has byte less than" bit tricks; may only err towards true).
    @inline(__always)
    private static func needsEscaping(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (w &- ones &* 0x20) & ~w & highs
        let q = w ^ (ones &* 0x22), b = w ^ (ones &* 0x5C)
        let quotes = (q &- ones) & ~q & highs
        let backslashes = (b &- ones) & ~b & highs
        return (control | quotes | backslashes) != 0
    }

    /// Writes a number rounded to `decimals` (0…9) decimal places, trailing zeros trimmed.
    /// Non-finite values have no JSON form and are written as `null`.
    public mutating func number(_ value: Double, decimals: Int) {
        fixedPoint(value, decimals: decimals)
    }

    /// `number(_:decimals:)`'s body, inlined where the decimals are a constant so the
    /// divisions by the power of ten become multiplications (coordinates are most numbers).
    @inline(__always)
    private mutating func fixedPoint(_ value: Double, decimals: Int) {
        guard value.isFinite else { return null() }
        let d = Swift.max(0, Swift.min(9, decimals))
        let unit = Self.powerOfTen(d)
        let scaled = value * Double(unit)
        // Beyond 2^53 the integer path would lose digits; such values never occur in routes.
        guard abs(scaled) < 9e15 else {
            separate()
            for b in value.description.utf8 { append(b) }
            needsComma = true
            return
        }
        separate()
        var n = Rounding.halfAwayFromZero(scaled)
        if n < 0 {
            append(UInt8(ascii: "-"))
            n = -n
        }
        let whole = n / unit
        appendDigits(whole)
        var frac = n - whole * unit
        if frac != 0 {
            var width = d
            while frac % 10 == 0 {
                frac /= 10
                width -= 1
            }
            append(UInt8(ascii: "."))
            // Fill a zero-padded field from the right, in place.
            reserve(width)
            var i = count + width - 1
            for k in 0..<width { base[count + k] = UInt8(ascii: "0") }
            while frac > 0 {
                base[i] = UInt8(ascii: "0") + UInt8(frac % 10)
                frac /= 10
                i -= 1
            }
            count += width
        }
        needsComma = true
    }

    /// Writes an integer.
    public mutating func int(_ value: Int) {
        separate()
        var n = Int64(value)
        if n < 0 {
            append(UInt8(ascii: "-"))
            n = -n
        }
        appendDigits(n)
        needsComma = true
    }

    /// Writes `true` or `false`.
    @inline(__always)
    public mutating func bool(_ value: Bool) {
        reserve(6)
        if needsComma {
            base[count] = UInt8(ascii: ",")
            count += 1
        }
        let word: StaticString = value ? "true" : "false"
        for i in 0..<word.utf8CodeUnitCount { base[count + i] = word.utf8Start[i] }
        count += word.utf8CodeUnitCount
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        append(UInt8(ascii: "n"), UInt8(ascii: "u"))
        append(UInt8(ascii: "l"), UInt8(ascii: "l"))
        needsComma = true
    }

    /// Writes a `[longitude, latitude]` pair with six decimals (OSRM's fixed-point precision).
    public mutating func lonLat(_ c: Coordinate) {
        beginArray()
        fixedPoint(c.longitude, decimals: 6)
        fixedPoint(c.latitude, decimals: 6)
        endArray()
    }

    @inline(__always)
    mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
    }

    private mutating func appendDigits(_ value: Int64) {
        if value < 10 {
            append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var tmp: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                  UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        var v = value
        withUnsafeMutableBytes(of: &tmp) { buf in
            while v > 0 {
                buf[n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                n += 1
            }
            reserve(n)
            for i in 0..<n { base[count + i] = buf[n - 1 - i] }
            count += n
        }
    }
}
