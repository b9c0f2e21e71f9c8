import Foundation

/// Turns names and queries into the folded tokens the index stores and matches.
///
/// Folding is lower case, without diacritics ("Café" → "cafe"), with ligatures spelled out
/// ("Œuvre" → "oeuvre", "Straße" → "strasse"). Anything that is not a letter or a digit
/// separates tokens, so apostrophes of either shape, hyphens and dots split words the same
/// way in names and in queries ("Cap-d'Ail" → cap, d, ail).
public enum TextFolding {
    /// The folded tokens of `text`, in order.
    public static func tokens(_ text: String) -> [String] {
        var out: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(16)
        func flush() {
            if !current.isEmpty {
                out.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            // ASCII fast path: most OSM names and nearly all queries are plain ASCII.
            if v < 0x80 {
                switch v {
                case 0x30...0x39, 0x61...0x7A: current.append(UInt8(v))
                case 0x41...0x5A: current.append(UInt8(v + 0x20))
                default: flush()
                }
                continue
            }
            guard let folded = fold(scalar) else {
                flush()
                continue
            }
            current.append(contentsOf: folded.utf8)
        }
        flush()
        return out
    }

    /// The tokens of `text` plus, for words written with apostrophes or hyphens, the
    /// joined spelling people also type ("McDonald's" → mcdonald, s, mcdonalds;
    /// "Cap-d'Ail" → cap, d, ail, dail, capdail).
    public static func indexTokens(_ text: String) -> [String] {
        var all = tokens(text)
        let apostrophes: Set<Character> = ["'", "’"]
        let hyphens: Set<Character> = ["-", "‐", "‑"]
        guard text.contains(where: { apostrophes.contains($0) || hyphens.contains($0) }) else { return all }
        let dropApostrophes = String(text.filter { !apostrophes.contains($0) })
        for variant in [dropApostrophes, String(dropApostrophes.filter { !hyphens.contains($0) })] {
            for joined in tokens(variant) where !all.contains(joined) { all.append(joined) }
        }
        return all
    }

    /// The folded form of `text` with single spaces between tokens ("Rue  Grimaldi" → "rue grimaldi").
    public static func normalize(_ text: String) -> String {
        tokens(text).joined(separator: " ")
    }

    /// Whether a query ends inside a word, so its last token should match as a prefix.
    static func endsInsideWord(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last else { return false }
        return fold(last) != nil || (last.value < 0x80 && isAlnumASCII(last.value))
    }

    private static func isAlnumASCII(_ v: UInt32) -> Bool {
        (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
    }

    /// Folds one non-ASCII scalar; nil when it separates words (punctuation, symbols, space).
    private static func fold(_ scalar: Unicode.Scalar) -> String? {
        if scalar.value < 0x80 {
            return isAlnumASCII(scalar.value) ? String(scalar).lowercased() : nil
        }
        if let special = ligatures[scalar.value] { return special }
        let props = scalar.properties
        switch props.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            // A combining accent typed or stored on its own is dropped, not a separator.
            return ""
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            break
        default:
            return nil
        }
        // Canonical decomposition splits "é" into "e" + U+0301; keeping only the base
        // scalars strips the accent for every Latin, Greek and Cyrillic letter at once.
        let decomposed = String(scalar).decomposedStringWithCanonicalMapping
        var base = ""
        for s in decomposed.unicodeScalars {
            switch s.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: base.unicodeScalars.append(s)
            }
        }
        return base.lowercased()
    }

    /// Letters that canonical decomposition leaves whole but people type as plain Latin.
    private static let ligatures: [UInt32: String] = [
        0x00C6: "ae", 0x00E6: "ae", 0x0152: "oe", 0x0153: "oe", 0x00DF: "ss", 0x1E9E: "ss",
        0x00D8: "o", 0x00F8: "o", 0x0141: "l", 0x0142: "l", 0x0110: "d", 0x0111: "d",
        0x00D0: "d", 0x00F0: "d", 0x00DE: "th", 0x00FE: "th", 0x0131: "i", 0x0132: "ij",
        0x0133: "ij", 0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl",
        // Ordinal indicators ("1º de Maio") vanish so the number matches a typed "1".
        0x00AA: "", 0x00BA: "",
    ]
}
