import Testing
@testable import GemNavOSM
@Test func builds() {}
