/// A placeholder a string-table template can use.
enum Slot: String, Sendable {
    case wayName = "way_name", destination, direction, exitOrdinal = "exit_ordinal", rotaryName = "rotary_name"
    case stopOrdinal = "stop_ordinal"
    case distance, instruction, first, second, n, hours, minutes
}

/// The values templates are filled with; empty means "not known".
struct SlotValues {
    var wayName = "", destination = "", direction = "", exitOrdinal = "", rotaryName = "", stopOrdinal = ""
    var distance = "", instruction = "", first = "", second = "", n = "", hours = "", minutes = ""
    /// Whether `instruction` and `second` start lower-case: they continue a sentence
    /// ("In 300 meters, turn left") in languages whose table asks for it.
    var lowercaseContinuations = false

    subscript(slot: Slot) -> String {
        switch slot {
        case .wayName: return wayName
        case .destination: return destination
        case .direction: return direction
        case .exitOrdinal: return exitOrdinal
        case .rotaryName: return rotaryName
        case .stopOrdinal: return stopOrdinal
        case .distance: return distance
        case .instruction: return instruction
        case .first: return first
        case .second: return second
        case .n: return n
        case .hours: return hours
        case .minutes: return minutes
        }
    }
}

/// A string-table template, parsed once when the table loads.
///
/// `{slot}` is replaced by a value; `[ … ]` is an optional part dropped when any slot inside
/// it is empty, so one template covers "Turn left" and "Turn left onto Rue Grimaldi" in
/// every language without code knowing its grammar.
struct Template: Sendable {
    indirect enum Piece: Sendable {
        case text(String)
        case slot(Slot)
        case optional([Piece])
    }

    let pieces: [Piece]

    init(_ source: String) {
        var index = source.startIndex
        pieces = Template.parse(source, &index, nested: false)
    }

    private static func parse(_ s: String, _ i: inout String.Index, nested: Bool) -> [Piece] {
        var out = [Piece]()
        var literal = ""
        func flush() {
            if !literal.isEmpty { out.append(.text(literal)) }
            literal = ""
        }
        while i < s.endIndex {
            let c = s[i]
            if c == "]" && nested {
                s.formIndex(after: &i)
                break
            }
            if c == "[" {
                flush()
                s.formIndex(after: &i)
                out.append(.optional(parse(s, &i, nested: true)))
                continue
            }
            if c == "{", let close = s[i...].firstIndex(of: "}"),
               let slot = Slot(rawValue: String(s[s.index(after: i)..<close]))
            {
                flush()
                out.append(.slot(slot))
                i = s.index(after: close)
                continue
            }
            literal.append(c)
            s.formIndex(after: &i)
        }
        flush()
        return out
    }

    /// The text with its slots filled. Rendered as UTF-8 bytes into a buffer on the stack and
    /// decoded once: appending to a `String` piece by piece cost more than the rest of wording
    /// a step, and a heap buffer per text was one allocation more than the text itself.
    func render(_ values: SlotValues) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            var out = ByteSink(buffer: buffer)
            Template.render(pieces, values, into: &out)
            return out.text
        }
    }

    private static func render(_ pieces: [Piece], _ values: SlotValues, into out: inout ByteSink) {
        for piece in pieces {
            switch piece {
            case .text(let t): append(t, to: &out)
            case .slot(let slot):
                if values.lowercaseContinuations && (slot == .instruction || slot == .second) {
                    appendLowercasingFirst(values[slot], to: &out)
                } else {
                    append(values[slot], to: &out)
                }
            case .optional(let inner):
                if filled(inner, values) { render(inner, values, into: &out) }
            }
        }
    }

    private static func append(_ text: String, to out: inout ByteSink) {
        // Read in place: a `var` copy for `withUTF8` cost a retain and a release per piece.
        if text.utf8.withContiguousStorageIfAvailable({ out.append($0) }) == nil {
            var text = text
            text.withUTF8 { out.append($0) }
        }
    }

    /// Appends `text` with its first letter lower-cased (ASCII capitals in place; other
    /// scripts through `Character.lowercased()`).
    private static func appendLowercasingFirst(_ text: String, to out: inout ByteSink) {
        guard let b = text.utf8.first else { return }
        if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") {
            var text = text
            text.withUTF8 { bytes in
                out.append(byte: b + 32)
                out.append(UnsafeBufferPointer(rebasing: bytes[1...]))
            }
        } else if let first = text.first, first.isUppercase {
            append(first.lowercased(), to: &out)
            append(String(text.dropFirst()), to: &out)
        } else {
            append(text, to: &out)
        }
    }

    private static func filled(_ pieces: [Piece], _ values: SlotValues) -> Bool {
        pieces.allSatisfy {
            switch $0 {
            case .text: return true
            case .slot(let slot): return !values[slot].isEmpty
            case .optional: return true
            }
        }
    }
}

/// Where a template renders: the caller's buffer, then a heap array once the text outgrows it.
private struct ByteSink {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0
    var spill: [UInt8]?

    init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress, !bytes.isEmpty else { return }
        if spill == nil && count + bytes.count <= buffer.count {
            (buffer.baseAddress! + count).initialize(from: from, count: bytes.count)
            count += bytes.count
        } else {
            if spill == nil { spill = Array(buffer[..<count]) }
            spill!.append(contentsOf: bytes)
        }
    }

    mutating func append(byte: UInt8) {
        withUnsafePointer(to: byte) { append(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    var text: String {
        if let spill { return String(decoding: spill, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
}
