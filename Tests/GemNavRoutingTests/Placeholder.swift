import Testing
@testable import GemNavRouting
@Test func builds() {}
