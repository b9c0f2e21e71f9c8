import Testing
@testable import GemNavSearch

@Suite struct TextFoldingTests {
    @Test func foldsAccentsCaseAndLigatures() {
        #expect(TextFolding.tokens("Café de PARIS") == ["cafe", "de", "paris"])
        #expect(TextFolding.tokens("Œuvre Straße Æther") == ["oeuvre", "strasse", "aether"])
        #expect(TextFolding.tokens("Èze-Bord-de-Mer") == ["eze", "bord", "de", "mer"])
        #expect(TextFolding.tokens("Praça da República") == ["praca", "da", "republica"])
    }

    @Test func apostrophesOfEitherShapeSplitAlike() {
        #expect(TextFolding.tokens("Cap-d'Ail") == TextFolding.tokens("Cap d’Ail"))
        #expect(TextFolding.tokens("Cap-d'Ail") == ["cap", "d", "ail"])
    }

    @Test func indexTokensAddJoinedSpellings() {
        #expect(TextFolding.indexTokens("McDonald's") == ["mcdonald", "s", "mcdonalds"])
        #expect(TextFolding.indexTokens("Cap-d'Ail") == ["cap", "d", "ail", "dail", "capdail"])
        #expect(TextFolding.indexTokens("Rue Grimaldi") == ["rue", "grimaldi"])
    }

    @Test func ordinalIndicatorsVanish() {
        #expect(TextFolding.tokens("Rua 1º de Maio") == ["rua", "1", "de", "maio"])
    }

    @Test func unfinishedWordDetection() {
        #expect(TextFolding.endsInsideWord("rue gri"))
        #expect(!TextFolding.endsInsideWord("rue "))
        #expect(TextFolding.endsInsideWord("caf\u{E9}"))
    }

    @Test func editDistanceCountsTranspositionsAsOne() {
        let word = Array("estacao".utf8)
        func d(_ s: String) -> Int? { Array(s.utf8).withUnsafeBytes { EditDistance.distance(word, $0, limit: 2) } }
        #expect(d("estacao") == 0)
        #expect(d("estcaao") == 1)
        #expect(d("estaco") == 1)
        #expect(d("xxtaxao") == nil)
        let prefix = Array("larvot".utf8)
        #expect(Array("larvotto".utf8).withUnsafeBytes { EditDistance.prefixDistance(prefix, $0, limit: 1) } == 0)
        #expect(Array("larvotto".utf8).withUnsafeBytes { EditDistance.prefixDistance(Array("lravot".utf8), $0, limit: 1) } == 1)
    }

    @Test func categoryWords() {
        #expect(CategoryWords.category(of: ["coffee"], allowPrefix: false)?.0 == .cafe)
        #expect(CategoryWords.category(of: ["gas", "station"], allowPrefix: false)?.0 == .fuel)
        #expect(CategoryWords.category(of: ["petrol"], allowPrefix: false)?.0 == .fuel)
        #expect(CategoryWords.category(of: ["chemist"], allowPrefix: false)?.0 == .pharmacy)
        #expect(CategoryWords.category(of: ["pharmacy", "near", "me"], allowPrefix: false)?.0 == .pharmacy)
        #expect(CategoryWords.category(of: ["bomba", "de", "gasolina"], allowPrefix: false)?.0 == .fuel)
        #expect(CategoryWords.category(of: ["pharm"], allowPrefix: true)?.0 == .pharmacy)
        #expect(CategoryWords.category(of: ["grimaldi"], allowPrefix: true) == nil)
    }
}
