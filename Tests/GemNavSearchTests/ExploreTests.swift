import Foundation
import Testing
import GemNavCore
@testable import GemNavSearch

@Test func explore() throws {
    let env = ProcessInfo.processInfo.environment
    guard let file = env["EXPLORE"] else { return }
    let index = try Fixtures.load(file)
    print("records", index.recordCount, "addresses", index.addressCount, "tokens", index.tokenCount, "size", index.file.data.count)
    if env["SECTIONS"] != nil {
        for (id, c) in index.file.sections.sorted(by: { $0.value.count * $0.value.width > $1.value.count * $1.value.width }) {
            print(id, c.count, c.width, c.count * c.width)
        }
    }
    for q in (env["Q"] ?? "").split(separator: "|") {
        print("== \(q)")
        for r in try index.search(String(q), near: nil, limit: 5) {
            print("   \(r.title) | \(r.subtitle) | \(r.kind) \(r.category?.rawValue ?? "") \(r.osmKey)=\(r.osmValue) \(r.coordinate)")
        }
    }
}
