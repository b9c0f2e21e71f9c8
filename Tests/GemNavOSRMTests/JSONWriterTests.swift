import Foundation
import GemNavCore
import GemNavOSRM
import Testing

/// The byte-level JSON writer: escaping at every alignment of the eight-byte scan, direct,
/// polyline and prompt markup output.
@Suite struct JSONWriterTests {
    @Test func writesCompactJSONWithCommasWhereTheyBelong() {
        var w = JSONWriter(capacity: 8)
        w.beginObject()
        w.key("a")
        w.bool(true)
        w.key("list")
        w.beginArray()
        w.bool(false)
        w.bool(true)
        w.int(-3)
        w.number(1.25, decimals: 1)
        w.number(-0.04, decimals: 1)
        w.number(7.4246, decimals: 6)
        w.null()
        w.beginObject()
        w.endObject()
        w.endArray()
        w.key("quoted")
        w.string("x\"y")
        w.key(text: "free key")
        w.number(2, decimals: 3)
        w.endObject()
        #expect(w.string == #"{"a":true,"list":[false,true,-3,1.3,0,7.4246,null,{}],"quoted":"x\"y","free key":2}"#)
    }

    @Test func escapesEveryAlignment() throws {
        for prefix in 0..<9 {
            for ending in [String(repeating: "z", count: 9), "\"", "ab\\", "abcdefg\n", "é"] {
                let text = String(repeating: "a", count: prefix) + "Rue \"Grimaldi\" \\ é\t\n\u{1}" + ending
                var w = JSONWriter(capacity: 1)
                w.beginArray()
                w.string(text)
                w.string(String(repeating: "b", count: prefix) + ending)
                w.endArray()
                let decoded = try JSONSerialization.jsonObject(with: Data(w.bytes)) as? [String]
                #expect(decoded == [text, String(repeating: "b", count: prefix) + ending])
            }
        }
    }

    @Test func polylineIsWrittenLikeTheEncoder() throws {
        // A latitude step of -15 units encodes as a backslash, which JSON must escape.
        var line = (0..<40).map { Coordinate(latitude: 41.14 + Double($0) * 0.000_29, longitude: -8.61 - Double($0) * 0.000_37) }
        line.append(Coordinate(latitude: line[39].latitude - 0.000_15, longitude: line[39].longitude))
        line.append(Coordinate(latitude: line[40].latitude - 0.000_015, longitude: line[40].longitude))
        #expect(Polyline.encode(line, precision: 5).contains("\\"))
        #expect(Polyline.encode(line, precision: 6).contains("\\"))
        for precision in [5, 6] {
            var w = JSONWriter()
            w.beginArray()
            w.polyline(line, precision: precision)
            w.endArray()
            let decoded = try JSONSerialization.jsonObject(with: Data(w.bytes)) as? [String]
            #expect(decoded == [Polyline.encode(line, precision: precision)])
        }
    }

    @Test func promptMarkupIsWrittenAsTheMarkupString() throws {
        let texts = ["Turn left onto Rua de Santa Catarina", "Turn left onto Rue d'Italie & Co",
                     "Keep \"left\" <here>", "a\\b\tc", ""]
        for text in texts {
            var w = JSONWriter(capacity: 1)
            w.beginArray()
            w.speechMarkup(of: text)
            w.string(text)
            w.endArray()
            let decoded = try JSONSerialization.jsonObject(with: Data(w.bytes)) as? [String]
            #expect(decoded == [VoiceInstruction.speechMarkup(for: text), text])
        }
    }
}
