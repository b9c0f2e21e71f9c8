import Foundation

/// One language's wording: the parsed contents of `Languages/<code>.json`.
///
/// Adding a language is adding a JSON file with the same keys as `en.json`; missing
/// entries fall back to English so a partial table still produces instructions.
final class InstructionTable: Sendable {
    /// The file's shape.
    private struct Source: Decodable {
        var lowercaseAfterPrefix: Bool
        var decimalSeparator: String
        var ordinals: [String]
        var ordinalFallback: String
        var directions: [String]
        var instructions: [String: [String: String]]
        var phrases: [String: String]
        var units: [String: String]
    }

    let code: String
    let lowercaseAfterPrefix: Bool
    let decimalSeparator: String
    let ordinals: [String]
    let ordinalFallback: Template
    let directions: [String]
    private let instructions: [String: [String: Template]]
    private let phrases: [String: Template]
    private let units: [String: Template]
    private let fallback: InstructionTable?
    /// Every maneuver template, resolved (variant, then `default`, then English) when the
    /// table loads and indexed by `TypeKey` and `VariantKey`: wording a step is then array
    /// indexing rather than two string-keyed dictionary lookups.
    private let resolved: [Template?]

    private init(code: String, source: Source, fallback: InstructionTable?) {
        self.code = code
        lowercaseAfterPrefix = source.lowercaseAfterPrefix
        decimalSeparator = source.decimalSeparator
        ordinals = source.ordinals
        ordinalFallback = Template(source.ordinalFallback)
        directions = source.directions.count == 8 ? source.directions : fallback?.directions ?? source.directions
        instructions = source.instructions.mapValues { $0.mapValues(Template.init) }
        phrases = source.phrases.mapValues(Template.init)
        units = source.units.mapValues(Template.init)
        self.fallback = fallback
        let own = instructions
        resolved = Self.resolveAll { type, variant in
            if let group = own[type], let t = group[variant] ?? group["default"] { return t }
            return fallback?.instruction(type, variant)
        }
    }

    /// The template for a maneuver, precomputed.
    func instruction(_ type: TypeKey, _ variant: VariantKey) -> Template? {
        resolved[type.index * VariantKey.count + variant.index]
    }

    /// The template for a maneuver type (OSRM's string) and variant key, or the type's
    /// `default` when the variant is missing.
    func instruction(_ type: String, _ variant: String) -> Template? {
        if let group = instructions[type], let t = group[variant] ?? group["default"] { return t }
        return fallback?.instruction(type, variant)
    }

    /// A phrase such as `inDistance` or `then`.
    func phrase(_ key: String) -> Template {
        phrases[key] ?? fallback?.phrase(key) ?? Template("{instruction}")
    }

    /// A unit template such as `meters` or `quarterMile`.
    func unit(_ key: String) -> Template {
        units[key] ?? fallback?.unit(key) ?? Template("{n}")
    }

    /// "1st", "2nd"… for roundabout exits.
    func ordinal(_ n: Int) -> String {
        if n >= 1 && n <= ordinals.count { return ordinals[n - 1] }
        var v = SlotValues()
        v.n = String(n)
        return ordinalFallback.render(v)
    }

    /// Every table shipped in `Languages/`, keyed by language code, loaded once.
    static let all: [String: InstructionTable] = loadAll()

    /// The table for a BCP 47 language tag: exact, then its primary subtag, then English.
    static func forLanguage(_ tag: String) -> InstructionTable {
        // Fast path for the common exact tag; runs once per leg, so avoid Foundation here.
        if let t = all[tag] { return t }
        let lower = String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
        if let t = all[lower] { return t }
        if let primary = lower.split(separator: "-").first, let t = all[String(primary)] { return t }
        guard let english = all["en"] else { preconditionFailure("Languages/en.json is missing from the bundle") }
        return english
    }

    private static func loadAll() -> [String: InstructionTable] {
        var sources = [String: Source]()
        // `.process` may flatten the folder or keep it, depending on the platform's bundler.
        let paths = Bundle.module.paths(forResourcesOfType: "json", inDirectory: nil)
            + Bundle.module.paths(forResourcesOfType: "json", inDirectory: "Languages")
        for path in paths {
            let url = URL(fileURLWithPath: path)
            guard let data = try? Data(contentsOf: url) else { continue }
            do {
                sources[url.deletingPathExtension().lastPathComponent.lowercased()] =
                    try JSONDecoder().decode(Source.self, from: data)
            } catch {
                preconditionFailure("Languages/\(url.lastPathComponent) is malformed: \(error)")
            }
        }
        guard let en = sources["en"] else { return [:] }
        let english = InstructionTable(code: "en", source: en, fallback: nil)
        var tables = ["en": english]
        for (code, source) in sources where code != "en" {
            tables[code] = InstructionTable(code: code, source: source, fallback: english)
        }
        return tables
    }
}
