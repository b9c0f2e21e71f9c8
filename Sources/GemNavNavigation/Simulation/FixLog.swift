import Foundation

/// Recorded fixes as JSON lines, one `LocationFix` object per line (see `LocationFix`'s
/// Codable shape). Doubles round-trip exactly, so a replay sees the very same fixes.
public enum FixLog {
    /// The fixes as JSON lines, newline-terminated.
    public static func encode(_ fixes: [LocationFix]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var out = ""
        for fix in fixes {
            out += String(decoding: try encoder.encode(fix), as: UTF8.self)
            out += "\n"
        }
        return out
    }

    /// Parses JSON lines; blank lines are skipped.
    /// - Throws: `NavigationError.invalidFixLog` naming the first bad line.
    public static func decode(_ text: String) throws -> [LocationFix] {
        let decoder = JSONDecoder()
        var fixes: [LocationFix] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            do {
                fixes.append(try decoder.decode(LocationFix.self, from: Data(trimmed.utf8)))
            } catch {
                throw NavigationError(.invalidFixLog, "line \(n + 1): \(error)")
            }
        }
        return fixes
    }
}
