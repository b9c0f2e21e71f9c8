/// Decoding of attribute values: XML entities, integers and coordinates.
extension XMLTokenizer {
    /// An attribute value as text, with `&amp;`-style and numeric character references replaced.
    func string(_ range: Range<Int>) throws -> String {
        guard buffer[range].contains(UInt8(ascii: "&")) else { return text(range) }
        var out = [UInt8]()
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = buffer[i]
            guard byte == UInt8(ascii: "&") else {
                out.append(byte)
                i += 1
                continue
            }
            guard let semicolon = buffer[i..<range.upperBound].firstIndex(of: UInt8(ascii: ";")) else {
                throw XMLSyntaxError(message: "'&' without a closing ';' in \"\(text(range))\"", line: tokenLine)
            }
            let reference = (i + 1)..<semicolon
            let scalar: Unicode.Scalar?
            if equals(reference, "amp") { scalar = "&" }
            else if equals(reference, "lt") { scalar = "<" }
            else if equals(reference, "gt") { scalar = ">" }
            else if equals(reference, "quot") { scalar = "\"" }
            else if equals(reference, "apos") { scalar = "'" }
            else if buffer[reference].first == UInt8(ascii: "#") {
                let digits = text(reference).dropFirst()
                let code = digits.first == "x" || digits.first == "X"
                    ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                scalar = code.flatMap(Unicode.Scalar.init)
            } else {
                scalar = nil
            }
            guard let scalar, scalar.value != 0 else {
                throw XMLSyntaxError(message: "unknown or invalid entity &\(text(reference));", line: tokenLine)
            }
            out.append(contentsOf: String(scalar).utf8)
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An attribute value as a decimal integer (OSM ids may be negative in JOSM files).
    func integer(_ range: Range<Int>) -> Int64? {
        var i = range.lowerBound
        var negative = false
        if i < range.upperBound, buffer[i] == UInt8(ascii: "-") || buffer[i] == UInt8(ascii: "+") {
            negative = buffer[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < range.upperBound else { return nil }
        var value: Int64 = 0
        while i < range.upperBound {
            let digit = Int64(buffer[i]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = sum
            i += 1
        }
        return negative ? -value : value
    }

    /// An attribute value as degrees.
    ///
    /// Plain decimals with up to nine fraction digits (all real OSM files) are read as exact
    /// integer nanodegrees and divided once, exactly as the PBF reader scales, so the same map
    /// gives identical coordinates in either format. Anything else falls back to `Double`.
    func degrees(_ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        var negative = false
        if i < range.upperBound, buffer[i] == UInt8(ascii: "-") || buffer[i] == UInt8(ascii: "+") {
            negative = buffer[i] == UInt8(ascii: "-")
            i += 1
        }
        var nanos: Int64 = 0
        var digits = 0, fractionDigits = 0
        var inFraction = false
        while i < range.upperBound {
            let byte = buffer[i]
            if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else if byte >= 48, byte <= 57, inFraction ? fractionDigits < 9 : digits < 4 {
                nanos = nanos * 10 + Int64(byte - 48)
                digits += 1
                if inFraction { fractionDigits += 1 }
            } else {
                return Double(text(range))
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        for _ in fractionDigits..<9 { nanos *= 10 }
        return Double(negative ? -nanos : nanos) / 1e9
    }
}
