/// A minimal streaming JSON writer into a byte buffer.
///
/// Route responses are written on every query and benchmarked against OSRM, so this avoids
/// `JSONEncoder`'s reflection and `String(format:)`: numbers are rounded to a fixed number of
/// decimals and printed with integer arithmetic, trailing zeros trimmed (OSRM's style).
/// Commas are inserted automatically; callers only open, write and close.
public struct JSONWriter: Sendable {
    /// The UTF-8 JSON written so far.
    public private(set) var bytes: [UInt8]
    /// Whether the next value or key must be preceded by a comma.
    private var needsComma = false

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
    private static let intPowersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000,
                                                  10_000_000, 100_000_000, 1_000_000_000]

    /// Creates an empty writer with room for `capacity` bytes.
    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object (`{`).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the current object (`}`).
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (`[`).
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the current array (`]`).
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key that needs no escaping (a literal in the code).
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes an object key from arbitrary text, escaped.
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value, escaping quotes, backslashes and control characters.
    public mutating func string(_ value: String) {
        separate()
        var text = value
        // Scan the contiguous UTF-8 and copy clean runs whole: almost every string (names,
        // polylines, instructions) needs no escaping at all.
        text.withUTF8 { appendEscaped($0) }
        needsComma = true
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        bytes.append(quote)
        var start = 0
        for i in 0..<utf8.count {
            let b = utf8[i]
            if b >= 0x20 && b != quote && b != backslash { continue }
            if i > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i])) }
            start = i + 1
            switch b {
            case quote, backslash: bytes.append(contentsOf: [backslash, b])
            case 0x0A: bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [backslash, UInt8(ascii: "t")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            }
        }
        if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        bytes.append(quote)
    }

    /// Writes a number rounded to `decimals` (0…9) decimal places, trailing zeros trimmed.
    /// Non-finite values have no JSON form and are written as `null`.
    public mutating func number(_ value: Double, decimals: Int) {
        guard value.isFinite else { return null() }
        let d = Swift.max(0, Swift.min(9, decimals))
        let scaled = (value * Self.powersOfTen[d]).rounded()
        // Beyond 2^53 the integer path would lose digits; such values never occur in routes.
        guard abs(scaled) < 9e15 else {
            separate()
            bytes.append(contentsOf: value.description.utf8)
            needsComma = true
            return
        }
        separate()
        var n = Int64(scaled)
        if n < 0 {
            bytes.append(UInt8(ascii: "-"))
            n = -n
        }
        let unit = Self.intPowersOfTen[d]
        appendDigits(n / unit)
        var frac = n % unit
        if frac != 0 {
            var width = d
            while frac % 10 == 0 {
                frac /= 10
                width -= 1
            }
            bytes.append(UInt8(ascii: "."))
            // Fill a zero-padded field from the right, avoiding a temporary array.
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
            var i = start + width - 1
            while frac > 0 {
                bytes[i] = UInt8(ascii: "0") + UInt8(frac % 10)
                frac /= 10
                i -= 1
            }
        }
        needsComma = true
    }

    /// Writes an integer.
    public mutating func int(_ value: Int) {
        separate()
        var n = Int64(value)
        if n < 0 {
            bytes.append(UInt8(ascii: "-"))
            n = -n
        }
        appendDigits(n)
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        if value {
            bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
        } else {
            bytes.append(contentsOf: [UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"),
                                      UInt8(ascii: "e")])
        }
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
        needsComma = true
    }

    /// Writes a `[longitude, latitude]` pair with six decimals (OSRM's fixed-point precision).
    public mutating func lonLat(_ c: Coordinate) {
        beginArray()
        number(c.longitude, decimals: 6)
        number(c.latitude, decimals: 6)
        endArray()
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendDigits(_ value: Int64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var tmp: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                  UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var v = value
        withUnsafeMutableBytes(of: &tmp) { buf in
            while v > 0 {
                buf[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buf[i]) }
        }
    }
}
