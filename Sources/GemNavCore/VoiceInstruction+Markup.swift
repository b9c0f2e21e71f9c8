extension VoiceInstruction {
    /// The start of Mapbox's SSML wrapper, before the text.
    private static let markupOpen: StaticString = "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">"
    /// The end of Mapbox's SSML wrapper, after the text.
    private static let markupClose: StaticString = "</prosody></amazon:effect></speak>"

    /// Mapbox's SSML wrapper (dynamic range compression, slightly faster speech), with the
    /// text XML-escaped, built in one allocation.
    public static func speechMarkup(for text: String) -> String {
        let open = markupOpen, close = markupClose
        var text = text
        return text.withUTF8 { src in
            var extra = 0
            for b in src {
                switch b {
                case UInt8(ascii: "&"): extra += 4  // &amp;
                case UInt8(ascii: "<"), UInt8(ascii: ">"): extra += 3  // &lt; &gt;
                case UInt8(ascii: "\""), UInt8(ascii: "'"): extra += 5  // &quot; &apos;
                default: break
                }
            }
            let size = open.utf8CodeUnitCount + src.count + extra + close.utf8CodeUnitCount
            return String(unsafeUninitializedCapacity: size) { out in
                var n = 0
                func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let from = bytes.baseAddress, !bytes.isEmpty else { return }
                    (out.baseAddress! + n).update(from: from, count: bytes.count)
                    n += bytes.count
                }
                open.withUTF8Buffer(put)
                if extra == 0 {
                    put(src)
                } else {
                    for b in src {
                        switch b {
                        case UInt8(ascii: "&"): ("&amp;" as StaticString).withUTF8Buffer(put)
                        case UInt8(ascii: "<"): ("&lt;" as StaticString).withUTF8Buffer(put)
                        case UInt8(ascii: ">"): ("&gt;" as StaticString).withUTF8Buffer(put)
                        case UInt8(ascii: "\""): ("&quot;" as StaticString).withUTF8Buffer(put)
                        case UInt8(ascii: "'"): ("&apos;" as StaticString).withUTF8Buffer(put)
                        default:
                            out[n] = b
                            n += 1
                        }
                    }
                }
                close.withUTF8Buffer(put)
                return n
            }
        }
    }
}
