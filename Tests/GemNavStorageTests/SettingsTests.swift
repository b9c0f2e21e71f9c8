import Foundation
import GemNavStorage
import Testing

/// A stand-in for the app's settings type.
private struct Prefs: Codable, Equatable {
    var units = "metric"
    var voice = true
    var routingServer: URL?
}

/// What a later app version might store: every field of `Prefs` and one more.
private struct NewerPrefs: Codable {
    var units = "imperial"
    var voice = false
    var routingServer: URL?
    var theme = "dark"
}

/// A version whose `units` changed type, so version 1 JSON does not fit it.
private struct UnitsAsNumber: Codable {
    var units: Int
}

@Suite struct SettingsTests {
    @Test func roundTripsATypedValueWithItsVersion() throws {
        let store = try AppStore.inMemory()
        #expect(try store.setting(Prefs.self, key: "app") == nil)

        let prefs = Prefs(units: "imperial", voice: false, routingServer: URL(string: "http://10.0.0.2:5000"))
        let written = Date(timeIntervalSince1970: 1_790_000_000)
        try store.setSetting(prefs, key: "app", version: 3, at: written)
        #expect(try store.setting(Prefs.self, key: "app") == prefs)

        let stored = try #require(try store.storedSetting(key: "app"))
        #expect(stored.version == 3 && stored.updatedAt == written)
        #expect(String(decoding: stored.json, as: UTF8.self)
            == #"{"routingServer":"http:\/\/10.0.0.2:5000","units":"imperial","voice":false}"#)
    }

    @Test func replacesAndDeletesByKey() throws {
        let store = try AppStore.inMemory()
        try store.setSetting(Prefs(), key: "app")
        try store.setSetting(Prefs(units: "imperial"), key: "app")
        try store.setSetting(["lastMap": "monaco"], key: "cli")
        #expect(try store.setting(Prefs.self, key: "app")?.units == "imperial")
        #expect(try store.deleteSetting(key: "app"))
        #expect(try store.deleteSetting(key: "app") == false)
        #expect(try store.setting(Prefs.self, key: "app") == nil)
        #expect(try store.setting([String: String].self, key: "cli") == ["lastMap": "monaco"])
    }

    @Test func unknownFieldsAreIgnored() throws {
        let store = try AppStore.inMemory()
        try store.setSetting(NewerPrefs(), key: "app", version: 2)
        #expect(try store.setting(Prefs.self, key: "app") == Prefs(units: "imperial", voice: false))
    }

    @Test func aSettingThatDoesNotFitIsAClearErrorAndIsKept() throws {
        let store = try AppStore.inMemory()
        try store.setSetting(Prefs(), key: "app")
        let error = #expect(throws: StorageError.self) { try store.setting(UnitsAsNumber.self, key: "app") }
        guard case .unreadableSetting(let key, let version, let reason) = error?.kind else {
            Issue.record("expected unreadableSetting, got \(String(describing: error))")
            return
        }
        #expect(key == "app" && version == 1 && reason.hasPrefix("units:"))
        #expect(error?.description.contains("use the defaults") == true)
        // The caller's fallback, and the stored value is still there for the app that wrote it.
        let units = (try? store.setting(UnitsAsNumber.self, key: "app"))?.units ?? 0
        #expect(units == 0)
        #expect(try store.setting(Prefs.self, key: "app") == Prefs())

        try store.setSetting(["voice": true], key: "partial")
        let missing = #expect(throws: StorageError.self) { try store.setting(Prefs.self, key: "partial") }
        #expect(missing?.kind == .unreadableSetting(key: "partial", version: 1, reason: "units is missing"))
    }

    @Test func aValueWithoutJSONFormIsRefusedAndTheOldOneKept() throws {
        let store = try AppStore.inMemory()
        try store.setSetting(["zoom": 14.0], key: "map")
        let error = #expect(throws: StorageError.self) { try store.setSetting(["zoom": Double.nan], key: "map") }
        guard case .unencodableSetting(let key, _) = error?.kind else {
            Issue.record("expected unencodableSetting, got \(String(describing: error))")
            return
        }
        #expect(key == "map")
        #expect(try store.setting([String: Double].self, key: "map") == ["zoom": 14])
    }

    @Test func settingsPersistAcrossReopen() throws {
        let folder = try TempFolder()
        let path = folder.path("app.sqlite")
        try AppStore(path: path).setSetting(Prefs(voice: false), key: "app")
        #expect(try AppStore(path: path).setting(Prefs.self, key: "app") == Prefs(voice: false))
    }
}
