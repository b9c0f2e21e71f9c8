import GemNavCore

extension JSONWriter {
    /// Writes a prompt's SSML (`VoiceInstruction.speechMarkup(for:)`) as a string value,
    /// straight from its plain text: where the text needs neither XML nor JSON escaping (most
    /// prompts), the wrapper is written around it without building the markup string.
    public mutating func speechMarkup(of text: String) {
        var text = text
        let isPlain = text.withUTF8 { src in
            src.allSatisfy { b in
                b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "&") && b != UInt8(ascii: "'")
                    && b != UInt8(ascii: "<") && b != UInt8(ascii: ">") && b != UInt8(ascii: "\\")
            }
        }
        guard isPlain else { return string(VoiceInstruction.speechMarkup(for: text)) }
        separate()
        append(UInt8(ascii: "\""))
        Self.escapedMarkupOpen.withUTF8Buffer { append($0) }
        text.withUTF8 { append($0) }
        Self.escapedMarkupClose.withUTF8Buffer { append($0) }
        append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `VoiceInstruction.markupOpen` and `markupClose` as they read inside a JSON string.
    private static let escapedMarkupOpen: StaticString = #"<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">"#
    private static let escapedMarkupClose: StaticString = "</prosody></amazon:effect></speak>"
}
