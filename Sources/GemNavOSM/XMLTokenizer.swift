import Foundation

/// A well-formedness problem at a line of an XML file.
struct XMLSyntaxError: Error {
    var message: String
    var line: Int
}

/// A small streaming pull tokenizer for the XML subset OSM files use.
///
/// It yields start and end tags with their attributes and skips text, comments, processing
/// instructions (`<?xml …?>`), CDATA and DOCTYPE declarations. The file is read in chunks into
/// one buffer; a token's name and attribute ranges point into that buffer and stay valid only
/// until the next call to `next()`, which avoids building a `String` for attributes nobody
/// asks for.
struct XMLTokenizer {
    enum Token {
        /// A start tag; `selfClosing` for `<tag/>`.
        case start(selfClosing: Bool)
        case end
        case endOfFile
    }

    static let chunkSize = 1 << 20
    /// No real tag or comment comes near this; an unterminated one in a huge file would
    /// otherwise pull the whole rest of the file into memory.
    static let maxTokenSize = 64 << 20

    private let handle: FileHandle
    private(set) var buffer: [UInt8] = []
    private var position = 0
    private var atEndOfFile = false
    /// Bytes dropped from the front of `buffer` so far.
    private var discarded = 0
    /// The line `position` is on (1-based).
    private(set) var line = 1
    /// The line the current token starts on.
    private(set) var tokenLine = 1
    /// The current tag's name.
    private(set) var name: Range<Int> = 0..<0
    /// The current start tag's attributes, values still entity-encoded.
    private(set) var attributes: [(name: Range<Int>, value: Range<Int>)] = []

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// Bytes of the file consumed so far.
    var offset: Int { discarded + position }

    /// Whether the current tag's name is `literal`.
    func nameIs(_ literal: StaticString) -> Bool {
        equals(name, literal)
    }

    /// The raw value range of attribute `literal`, if present.
    func attribute(_ literal: StaticString) -> Range<Int>? {
        attributes.first { equals($0.name, literal) }?.value
    }

    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let text = literal.utf8Start
        for (i, index) in range.enumerated() where buffer[index] != text[i] { return false }
        return true
    }

    /// The next tag, skipping everything else.
    mutating func next() throws -> Token {
        while true {
            guard try skipToTag() else { return .endOfFile }
            tokenLine = line
            var lookahead = position
            _ = try available(&lookahead, plus: 9)
            let second = byte(at: position + 1)
            if second == UInt8(ascii: "?") {
                try skip(pastTerminator: "?>", what: "processing instruction")
            } else if second == UInt8(ascii: "!") {
                if startsWith("<!--") {
                    try skip(pastTerminator: "-->", what: "comment")
                } else if startsWith("<![CDATA[") {
                    try skip(pastTerminator: "]]>", what: "CDATA section")
                } else {
                    try skipDeclaration()
                }
            } else if second == UInt8(ascii: "/") {
                let close = try tagEnd()
                name = try tagName(from: position + 2, to: close)
                if let extra = buffer[name.upperBound..<close].first(where: { !isSpace($0) }) {
                    throw syntax("unexpected \(describe(extra)) in end tag")
                }
                position = close + 1
                return .end
            } else {
                let close = try tagEnd()
                let selfClosing = buffer[close - 1] == UInt8(ascii: "/")
                try parseStartTag(to: selfClosing ? close - 1 : close)
                position = close + 1
                return .start(selfClosing: selfClosing)
            }
        }
    }

    // MARK: - Scanning

    /// Moves to the next `<`, counting lines; false at end of file.
    private mutating func skipToTag() throws -> Bool {
        while true {
            if position >= buffer.count {
                guard try refill() else { return false }
                continue
            }
            let byte = buffer[position]
            if byte == UInt8(ascii: "<") { return true }
            if byte == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
    }

    /// Index of the `>` closing the tag at `position`, honouring quoted attribute values.
    private mutating func tagEnd() throws -> Int {
        var i = position + 1
        var quote: UInt8 = 0
        var lines = 0
        while true {
            guard try available(&i) else {
                throw syntax("the file ends inside a tag; it is incomplete")
            }
            let byte = buffer[i]
            if byte == UInt8(ascii: "\n") { lines += 1 }
            if quote != 0 {
                if byte == quote { quote = 0 }
                if byte == UInt8(ascii: "<") { throw syntax("'<' inside an attribute value") }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                line += lines
                return i
            } else if byte == UInt8(ascii: "<") {
                throw syntax("'<' inside a tag (is a '>' missing?)")
            }
            i += 1
        }
    }

    private mutating func skip(pastTerminator terminator: StaticString, what: String) throws {
        let pattern = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
        var i = position + 2
        while true {
            guard try available(&i, plus: pattern.count - 1) else {
                throw syntax("the file ends inside a \(what); it is incomplete")
            }
            if buffer[i] == UInt8(ascii: "\n") { line += 1 }
            if buffer[i] == pattern[0], zip(pattern, buffer[i...]).allSatisfy({ $0 == $1 }) {
                position = i + pattern.count
                return
            }
            i += 1
        }
    }

    /// `<!DOCTYPE …>` and friends; brackets may hold an internal subset containing `>`.
    private mutating func skipDeclaration() throws {
        var i = position + 2
        var depth = 0
        while true {
            guard try available(&i) else { throw syntax("the file ends inside a declaration; it is incomplete") }
            switch buffer[i] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0:
                position = i + 1
                return
            default: break
            }
            i += 1
        }
    }

    // MARK: - Tags

    private func tagName(from start: Int, to end: Int) throws -> Range<Int> {
        var i = start
        while i < end, !isSpace(buffer[i]), buffer[i] != UInt8(ascii: "/"), buffer[i] != UInt8(ascii: "=") { i += 1 }
        guard i > start, isNameStart(buffer[start]) else {
            throw syntax(i == start ? "a tag without a name" : "invalid tag name starting with \(describe(buffer[start]))")
        }
        return start..<i
    }

    private mutating func parseStartTag(to end: Int) throws {
        name = try tagName(from: position + 1, to: end)
        attributes.removeAll(keepingCapacity: true)
        var i = name.upperBound
        while true {
            while i < end, isSpace(buffer[i]) { i += 1 }
            if i >= end { return }
            let nameStart = i
            while i < end, !isSpace(buffer[i]), buffer[i] != UInt8(ascii: "=") { i += 1 }
            let attributeName = nameStart..<i
            guard !attributeName.isEmpty, isNameStart(buffer[nameStart]) else {
                throw syntax("unexpected \(describe(buffer[nameStart])) in <\(text(name))>")
            }
            while i < end, isSpace(buffer[i]) { i += 1 }
            guard i < end, buffer[i] == UInt8(ascii: "=") else {
                throw syntax("attribute \(text(attributeName)) in <\(text(name))> has no value")
            }
            i += 1
            while i < end, isSpace(buffer[i]) { i += 1 }
            guard i < end, buffer[i] == UInt8(ascii: "\"") || buffer[i] == UInt8(ascii: "'") else {
                throw syntax("the value of attribute \(text(attributeName)) in <\(text(name))> is not quoted")
            }
            let quote = buffer[i]
            let valueStart = i + 1
            i = valueStart
            while i < end, buffer[i] != quote { i += 1 }
            guard i < end else { throw syntax("unterminated value of attribute \(text(attributeName))") }
            attributes.append((attributeName, valueStart..<i))
            i += 1
        }
    }

    // MARK: - Buffer

    /// Makes `buffer[index + extra]` readable, reading more of the file (and dropping what lies
    /// before `position`) as needed; `index` is shifted along with the buffer. False when the
    /// file ends first.
    private mutating func available(_ index: inout Int, plus extra: Int = 0) throws -> Bool {
        while index + extra >= buffer.count {
            let before = position
            guard try refill() else { return false }
            index -= before - position
        }
        return true
    }

    private mutating func refill() throws -> Bool {
        guard !atEndOfFile else { return false }
        let chunk: Data
        do {
            chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
        } catch {
            throw XMLSyntaxError(message: "cannot read the file (\(error))", line: line)
        }
        if chunk.isEmpty {
            atEndOfFile = true
            return false
        }
        guard buffer.count - position <= Self.maxTokenSize else {
            throw XMLSyntaxError(message: "a tag, comment or declaration runs on for more than 64 MiB", line: tokenLine)
        }
        if position > 0 {
            buffer.removeFirst(position)
            discarded += position
            position = 0
        }
        buffer.append(contentsOf: chunk)
        return true
    }

    private func byte(at index: Int) -> UInt8 {
        index < buffer.count ? buffer[index] : 0
    }

    private func startsWith(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= buffer.count else { return false }
        return equals(position..<position + count, literal)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: buffer[range], as: UTF8.self)
    }

    private func syntax(_ message: String) -> XMLSyntaxError {
        XMLSyntaxError(message: message, line: tokenLine)
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}
