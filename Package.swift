// swift-tools-version: 6.1
import PackageDescription

// A route query crosses Core, Routing, Guidance and the OSRM codec thousands of times (road
// info copies, name getters, intersection records): optimised across modules, release builds
// answer about 8 % faster (bench/route_vs_osrm.sh, same pairs, engines taking turns). Release
// builds also leave out the run-time exclusivity checks on class properties (the debug
// builds the tests run keep them): about 3 % off the median query. Allowed for this root
// package; a package depending on GemNav from a URL would have to drop them.
let engineSettings: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "GemNav",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "GemNavCore", targets: ["GemNavCore"]),
        .library(name: "GemNavOSRM", targets: ["GemNavOSRM"]),
        .library(name: "GemNavOSM", targets: ["GemNavOSM"]),
        .library(name: "GemNavRouting", targets: ["GemNavRouting"]),
        .library(name: "GemNavGuidance", targets: ["GemNavGuidance"]),
        .library(name: "GemNavSearch", targets: ["GemNavSearch"]),
        .library(name: "GemNavTiles", targets: ["GemNavTiles"]),
        .library(name: "GemNavNavigation", targets: ["GemNavNavigation"]),
        .library(name: "GemNavStorage", targets: ["GemNavStorage"]),
        .library(name: "GemNavServices", targets: ["GemNavServices"]),
        .library(name: "GemNavAssistant", targets: ["GemNavAssistant"]),
        .library(name: "GemNavPresentation", targets: ["GemNavPresentation"]),
        .library(name: "GemNavServer", targets: ["GemNavServer"]),
        .library(name: "GemNavWebApp", targets: ["GemNavWebApp"]),
        .library(name: "GemNavRides", targets: ["GemNavRides"]),
        .executable(name: "gemnav", targets: ["gemnav"]),
        .executable(name: "gemnav-bench", targets: ["gemnav-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        // Test-only: readable diffs of whole view states in the screen test store.
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    ],
    targets: [
        // Geometry and the route/step models every layer shares (OSRM v5 shaped).
        .target(name: "GemNavCore", swiftSettings: engineSettings),
        // The OSRM v5 JSON codec (routes, steps, voice and banner instructions) and the
        // streaming JSON writer it is built on.
        .target(name: "GemNavOSRM", dependencies: ["GemNavCore"], swiftSettings: engineSettings),
        // System zlib: PBF blobs are zlib-deflated.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // Streaming readers for .osm.pbf and .osm XML.
        .target(name: "GemNavOSM", dependencies: ["GemNavCore", "CZlib"]),
        // Profiles, graph build, contraction hierarchies, snapping, queries.
        .target(name: "GemNavRouting", dependencies: ["GemNavCore", "GemNavOSM"], swiftSettings: engineSettings),
        // Maneuvers, instructions (string tables), voice and banner prompts, GeoJSON and text exports.
        .target(name: "GemNavGuidance", dependencies: ["GemNavCore", "GemNavOSRM"], resources: [.process("Languages")],
                swiftSettings: engineSettings),
        // Offline geocoding: search-ahead, geocode, reverse.
        .target(name: "GemNavSearch", dependencies: ["GemNavCore", "GemNavOSM"]),
        // The map: Shortbread-schema features from OSM into a tile source file at import, vector
        // tiles (MVT) cut from it on demand, TileJSON and the MapLibre styles.
        .target(name: "GemNavTiles", dependencies: ["GemNavCore", "GemNavOSM"]),
        // The pure navigation state machine, cues, simulation and the trip player; banners and
        // prompts are worded by Guidance's string tables.
        .target(name: "GemNavNavigation", dependencies: ["GemNavCore", "GemNavGuidance"]),
        // The app's SQLite store (GRDB): location-recording consent, recorded trips, favourites,
        // recent destinations and settings, in versioned migrations.
        .target(
            name: "GemNavStorage",
            dependencies: ["GemNavCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // The app's services behind every front end: route providers (embedded engine, OSRM over
        // HTTP, fallback between them), map data, place resolution, trip plans and the
        // consent-gated trip log.
        .target(
            name: "GemNavServices",
            dependencies: [
                "GemNavCore", "GemNavOSRM", "GemNavOSM", "GemNavRouting", "GemNavGuidance", "GemNavSearch",
                "GemNavNavigation", "GemNavStorage", "GemNavTiles",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The on-device assistant: utterances in English and French turned into app actions,
        // places resolved through the search index and ranked by travel time, replies in words.
        .target(
            name: "GemNavAssistant",
            dependencies: ["GemNavCore", "GemNavGuidance", "GemNavRouting", "GemNavSearch", "GemNavServices"]),
        // What each screen shows, as portable state every front end draws.
        .target(
            name: "GemNavPresentation",
            dependencies: [
                "GemNavCore", "GemNavGuidance", "GemNavNavigation", "GemNavRouting", "GemNavSearch", "GemNavServices",
                "GemNavStorage", "GemNavAssistant", "GemNavRides", .product(name: "Logging", package: "swift-log"),
            ]),
        // The OSRM-compatible HTTP API (route, nearest) and Photon-shaped search, on Hummingbird;
        // the ride API (/rides) beside it.
        .target(
            name: "GemNavServer",
            dependencies: [
                "GemNavCore", "GemNavOSRM", "GemNavRouting", "GemNavGuidance", "GemNavSearch", "GemNavTiles",
                "GemNavRides", "GemNavServices", "GemNavStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // The web app's server side: each browser tab's app session over WebSocket (intents in,
        // screen state out), a REST ride's live updates over WebSocket, and the page's files,
        // beside the API.
        .target(
            name: "GemNavWebApp",
            dependencies: [
                "GemNavCore", "GemNavGuidance", "GemNavNavigation", "GemNavSearch", "GemNavServices", "GemNavStorage",
                "GemNavPresentation", "GemNavAssistant", "GemNavRides", "GemNavServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        // Ride-hailing: the validated ride state machine, fares from per-region tariffs, dispatch
        // of simulated drivers on the real road network, the ride history.
        .target(
            name: "GemNavRides",
            dependencies: ["GemNavCore", "GemNavRouting", "GemNavNavigation", "GemNavServices", "GemNavStorage"],
            resources: [.process("Resources")]),
        .executableTarget(
            name: "gemnav",
            dependencies: [
                "GemNavCore", "GemNavOSRM", "GemNavOSM", "GemNavRouting", "GemNavGuidance", "GemNavSearch",
                "GemNavNavigation", "GemNavStorage", "GemNavServices", "GemNavPresentation", "GemNavServer", "GemNavTiles",
                "GemNavWebApp", "GemNavAssistant", "GemNavRides",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "gemnav-bench",
            dependencies: [
                "GemNavCore", "GemNavOSRM", "GemNavOSM", "GemNavRouting", "GemNavGuidance", "GemNavSearch",
                "GemNavNavigation", "GemNavServices", "GemNavPresentation", "GemNavStorage", "GemNavTiles", "GemNavAssistant",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "GemNavCoreTests", dependencies: ["GemNavCore"]),
        .testTarget(
            name: "GemNavOSRMTests", dependencies: ["GemNavOSRM", "GemNavCore"], resources: [.copy("Fixtures")]),
        // Helpers the test suites share: OSM XML maps built in code, test data paths, Monaco imported once
        // (and the whole app's environment on it).
        .target(
            name: "GemNavTestSupport",
            dependencies: ["GemNavCore", "GemNavOSM", "GemNavRouting", "GemNavServices", "GemNavNavigation", "GemNavPresentation",
                           "GemNavStorage"],
            path: "Tests/Support"),
        .testTarget(name: "GemNavOSMTests", dependencies: ["GemNavOSM", "GemNavTestSupport"]),
        .testTarget(name: "GemNavRoutingTests", dependencies: ["GemNavRouting", "GemNavOSM", "GemNavTestSupport"]),
        .testTarget(
            name: "GemNavGuidanceTests",
            dependencies: ["GemNavGuidance", "GemNavCore", "GemNavOSRM", "GemNavRouting", "GemNavTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "GemNavNavigationTests", dependencies: ["GemNavNavigation"]),
        .testTarget(
            name: "GemNavStorageTests",
            dependencies: ["GemNavStorage", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "GemNavServicesTests",
            dependencies: [
                "GemNavServices", "gemnav", "GemNavCore", "GemNavOSRM", "GemNavRouting", "GemNavGuidance", "GemNavNavigation",
                "GemNavSearch", "GemNavOSM", "GemNavTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Clocks", package: "swift-clocks"), .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            exclude: ["Golden", "Fixtures"]),
        .testTarget(
            name: "GemNavPresentationTests",
            dependencies: [
                "GemNavPresentation", "GemNavNavigation", "GemNavGuidance", "GemNavRouting", "GemNavCore",
                "GemNavSearch", "GemNavServices", "GemNavStorage", "GemNavTestSupport",
                .product(name: "Clocks", package: "swift-clocks"), .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            exclude: ["Golden"]),
        .testTarget(name: "GemNavTilesTests", dependencies: ["GemNavTiles", "GemNavCore", "GemNavOSM", "GemNavTestSupport"]),
        .testTarget(
            name: "GemNavAssistantTests",
            dependencies: [
                "GemNavAssistant", "gemnav", "GemNavCore", "GemNavSearch", "GemNavServices", "GemNavRouting",
                "GemNavPresentation", "GemNavStorage", "GemNavNavigation", "GemNavTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Clocks", package: "swift-clocks"),
                // Loopback fakes of the Gemini and OpenAI-compatible servers.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(name: "GemNavSearchTests", dependencies: ["GemNavSearch", "GemNavOSM", "GemNavCore"]),
        .testTarget(
            name: "GemNavWebAppTests",
            dependencies: [
                "GemNavWebApp", "GemNavPresentation", "GemNavServices", "GemNavServer", "GemNavNavigation", "GemNavCore",
                "GemNavStorage", "GemNavRides", "GemNavTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Clocks", package: "swift-clocks"), .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "GemNavRidesTests",
            dependencies: [
                "GemNavRides", "GemNavServer", "gemnav", "GemNavCore", "GemNavRouting", "GemNavServices", "GemNavStorage",
                "GemNavTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]),
        .testTarget(
            name: "GemNavServerTests",
            dependencies: [
                "GemNavServer", "GemNavServices", "GemNavOSRM", "GemNavRouting", "GemNavSearch", "GemNavOSM", "GemNavCore",
                "GemNavTiles", "GemNavRides", "GemNavStorage",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ]
)
