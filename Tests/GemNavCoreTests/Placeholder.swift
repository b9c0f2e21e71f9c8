import Testing
@testable import GemNavCore
@Test func builds() {}
